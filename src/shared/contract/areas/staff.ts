/** Staff per store, set by the merchant and pushed to the store's kiosks. */
import * as s from '../staff';
import { StoreParams } from '../terminals';
import { route, type RouteDef } from '../route-def';

const TAG = 'Staff';

export const staffContract = {
  listStaff: route({
    method: 'get',
    path: '/api/stores/{id}/staff',
    tag: TAG,
    auth: 'merchant',
    extension: true,
    summary: "A store's staff (never their PINs)",
    params: StoreParams,
    status: 200,
    response: s.StaffList,
    errors: [400, 404],
  }),
  createStaff: route({
    method: 'post',
    path: '/api/stores/{id}/staff',
    tag: TAG,
    auth: 'merchant',
    extension: true,
    summary: "Add someone to a store's staff with their PIN; the store's kiosks hear at once",
    description:
      'Only a scrypt hash of the PIN is kept; a PIN another member of the store has is refused.',
    params: StoreParams,
    body: s.StaffCreateBody,
    status: 201,
    response: s.StaffMember,
    errors: [400, 404, 409],
  }),
  updateStaff: route({
    method: 'patch',
    path: '/api/stores/{id}/staff/{staffId}',
    tag: TAG,
    auth: 'merchant',
    extension: true,
    summary: 'Rename, change the role or PIN of, or deactivate a member; the kiosks hear at once',
    params: s.StaffParams,
    body: s.StaffUpdateBody,
    status: 200,
    response: s.StaffMember,
    errors: [400, 404, 409],
  }),
  deleteStaff: route({
    method: 'delete',
    path: '/api/stores/{id}/staff/{staffId}',
    tag: TAG,
    auth: 'merchant',
    extension: true,
    summary: "Remove a member from a store's staff; the kiosks hear at once",
    params: s.StaffParams,
    status: 200,
    response: s.StaffMember,
    errors: [400, 404],
  }),
  getTerminalStaff: route({
    method: 'get',
    path: '/api/terminal/staff',
    tag: TAG,
    auth: 'terminal',
    extension: true,
    summary:
      "The terminal's store's active staff with their PINs' hashes, as TERMINAL_STAFF pushes",
    status: 200,
    response: s.TerminalStaffPush,
    errors: [],
  }),
} as const satisfies Record<string, RouteDef>;
