/**
 * The person in the loop: before a refund, or a send or collect above the configured threshold,
 * the server asks the person at the MCP client by elicitation. Only an explicit "yes" goes on. A
 * client that cannot elicit is refused outright (fail closed): there is no argument a model could
 * set to approve on the person's behalf.
 *
 * Revoking a contract is not asked: it moves no money and only takes spending authority away, so
 * a model talked into it can stop payments, never make one, and a person asked first would only
 * delay stopping an agent that must stop now. The approver's own revoke link needs no code for
 * the same reason.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ElicitResultSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ToolRefusal } from './results';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** How long the person has to answer: a decision, not a network round trip. */
const ANSWER_WITHIN_MS = 10 * 60_000;

/**
 * Resolves when the person said yes; throws a ToolRefusal (nothing was done) when they declined,
 * cancelled, did not answer in time, or when the client cannot ask them at all.
 */
export async function confirmWithPerson(
  server: McpServer,
  extra: ToolExtra,
  question: string,
  what: string,
): Promise<void> {
  if (!server.server.getClientCapabilities()?.elicitation)
    throw new ToolRefusal(
      `CONFIRMATION_UNAVAILABLE: ${what} needs a person's confirmation, and this MCP client cannot ask ` +
        'one (it does not support elicitation). Nothing was done. Use a client that supports ' +
        'elicitation, or do this in the dashboard.',
    );
  let result;
  try {
    // Sent as part of this tool call, so over Streamable HTTP it rides on the call's own stream.
    result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: question,
          requestedSchema: {
            type: 'object',
            properties: {
              confirm: {
                type: 'boolean',
                title: 'Go ahead',
                description: 'Tick to go ahead; anything else stops it.',
              },
            },
            required: ['confirm'],
          },
        },
      },
      ElicitResultSchema,
      { timeout: ANSWER_WITHIN_MS },
    );
  } catch (error) {
    throw new ToolRefusal(
      `NOT_CONFIRMED: the person could not be asked (${(error as Error).message}). Nothing was done.`,
    );
  }
  if (result.action === 'accept' && result.content?.confirm === true) return;
  throw new ToolRefusal(
    `DECLINED: the person did not confirm (${result.action === 'accept' ? 'not ticked' : result.action}). ${what} was not done; nothing moved.`,
  );
}
