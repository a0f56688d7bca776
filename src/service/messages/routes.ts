/** GET /api/sandbox/messages: the outbox of messages to customers, newest first. */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { MessagesContext } from './context';
import { mount } from '../http/mount';
import { messageRecord } from './outbox';

export const messageRoutes: Area<MessagesContext> = (app, ctx) => {
  mount(app, ctx.auth, routes.listMessages, async ({ query, caller }) => {
    const { rows, total } = await ctx.messages.list(caller, query);
    return { data: rows.map(messageRecord), totalCount: total, page: query.page, size: query.size };
  });
};
