/**
 * The merchant: access secrets, who approves Agent Pay contracts, the profile and settings,
 * and the dashboard's event stream.
 */
import { z } from 'zod';
// The contract's own agent.ts, not src/agent: the layer rule reads only the import's text.
// eslint-disable-next-line no-restricted-imports
import * as agent from '../agent';
import * as merchants from '../merchants';
import * as secrets from '../secrets';
import { Message } from '../common';
import { route, type RouteDef } from '../route-def';

export const merchantContract = {
  listAccessSecrets: route({
    method: 'get',
    path: '/api/merchant/secrets',
    tag: 'Access secrets',
    auth: 'merchant',
    extension: true,
    summary: "The merchant's access secrets in use (never the secrets themselves)",
    description:
      'Each secret not revoked: id, environment, kind, its last four characters, when it was made ' +
      'and last used (recorded at most once a minute). A sandbox secret sees the sandbox ones; a ' +
      'production secret sees both environments.',
    status: 200,
    response: z.array(secrets.AccessSecret),
    errors: [],
  }),
  createAccessSecret: route({
    method: 'post',
    path: '/api/merchant/secrets',
    tag: 'Access secrets',
    auth: 'merchant',
    extension: true,
    summary: 'Make a new access secret (shown once, in this answer)',
    description:
      'Rotation without downtime: make the new secret, move the integration to it, then revoke ' +
      'the old one. Only a production secret may make a production secret.',
    body: secrets.AccessSecretCreate,
    status: 201,
    response: secrets.CreatedAccessSecret,
    errors: [400, 403],
  }),
  revokeAccessSecret: route({
    method: 'delete',
    path: '/api/merchant/secrets/{id}',
    tag: 'Access secrets',
    auth: 'merchant',
    extension: true,
    summary: 'Revoke an access secret: refused from the next request on, by every instance',
    description:
      'The secret making the call cannot revoke itself (409): revoke it with another one. A ' +
      "terminal's secret is revoked by unpairing the terminal (DELETE /api/terminal/{id}).",
    params: z.object({ id: secrets.SecretId }),
    status: 200,
    response: Message,
    errors: [400, 404, 409],
  }),
  // Who approves the business's Agent Pay contracts (docs/agent-pay.md, "Who approves")
  getAgentApprovers: route({
    method: 'get',
    path: '/api/merchant/approvers',
    tag: 'Merchant',
    auth: 'merchant',
    extension: true,
    summary: "Who approves the business's SEND contracts, in the secret's environment",
    description:
      "The business's own approvers (e-mail addresses and phone numbers), whether the operator's " +
      'default list (SERVICE_AGENT_APPROVERS) applies instead, and the approvers in effect, masked, ' +
      'who can confirm a change that adds approvers.',
    status: 200,
    response: agent.AgentApprovers,
    errors: [],
  }),
  updateAgentApprovers: route({
    method: 'put',
    path: '/api/merchant/approvers',
    tag: 'Merchant',
    auth: 'merchant',
    extension: true,
    summary: "Replace the business's approvers of this environment",
    description:
      'Removing approvers is immediate. Adding someone who cannot approve now needs `code`: the ' +
      'one-time code POST /api/merchant/approvers/code sent to one of the approvers in effect for ' +
      'this very list (400 naming `code` otherwise, nothing changed). With no approver in effect, ' +
      'the first ones are set without a code.',
    body: agent.ApproversUpdateBody,
    status: 200,
    response: agent.AgentApprovers,
    errors: [400],
  }),
  sendApproversCode: route({
    method: 'post',
    path: '/api/merchant/approvers/code',
    tag: 'Merchant',
    auth: 'merchant',
    extension: true,
    summary: 'Send one of the approvers in effect the code that confirms a new list',
    description:
      'The message names every approver of the new list; the code works once, for 10 minutes, ' +
      'for that list only. In production it must reach a person (503 without a way to send it); ' +
      'in the sandbox it is in the sandbox outbox.',
    body: agent.ApproversCodeBody,
    status: 200,
    response: agent.ApproversCodeSent,
    errors: [400, 429, 503],
  }),
  // The merchant's profile and settings
  getMerchant: route({
    method: 'get',
    path: '/api/merchant',
    tag: 'Merchant',
    auth: 'merchant',
    extension: true,
    summary: 'The merchant profile (name, address, logo) and its payment settings',
    description:
      "The caller's environment's: the sandbox has its own copy, production's until its first change.",
    status: 200,
    response: merchants.Merchant,
    errors: [],
  }),
  updateMerchant: route({
    method: 'patch',
    path: '/api/merchant',
    tag: 'Merchant',
    auth: 'merchant',
    extension: true,
    summary: 'Change the merchant profile or settings (only the fields given)',
    description:
      'null clears an optional field or the logo. The logo is a data URL of a PNG (at most ' +
      '2048×2048 pixels) or an SVG of at most 256 KiB; an SVG is drawn into a PNG at upload and ' +
      'only the PNG is kept. An SVG too large to draw (over 10,000 elements once <use> is ' +
      'expanded, or over 5 s to draw) or showing a file outside itself is refused (400 naming ' +
      'logo). Settings apply to payments created from now on, never to ones already made. Any ' +
      'refused field changes nothing. A sandbox secret changes ' +
      "the sandbox's copy of the profile and settings, a production secret production's.",
    body: merchants.MerchantUpdateBody,
    maxBodyBytes: 512 * 1024,
    status: 200,
    response: merchants.Merchant,
    errors: [400, 413],
  }),
  getMerchantLogo: route({
    method: 'get',
    path: '/api/merchants/{merchantId}/logo',
    tag: 'Merchant',
    auth: 'public',
    extension: true,
    summary: "The merchant's logo, for its receipts and payment pages",
    params: merchants.MerchantLogoParams,
    query: merchants.MerchantLogoQuery,
    status: 200,
    response: null,
    contentType: 'image/png',
    errors: [400, 404],
  }),

  // Merchant dashboard
  merchantEvents: route({
    method: 'get',
    path: '/api/merchant/events',
    tag: 'Merchant dashboard',
    auth: 'merchant',
    extension: true,
    summary: "The merchant's change stream (Server-Sent Events) for live dashboards",
    description:
      'Sends `ready`, then a `change` event `{topics: [payments|terminals|webhooks|refunds|customers]}` whenever ' +
      'one of those lists changes, and a `heartbeat` every 15 s. The events name what changed; ' +
      'read it through the ordinary routes. Authenticate with the Authorization header ' +
      '(read the stream with fetch, not EventSource, which cannot send it).',
    status: 200,
    response: null,
    contentType: 'text/event-stream',
    errors: [403],
  }),
} as const satisfies Record<string, RouteDef>;
