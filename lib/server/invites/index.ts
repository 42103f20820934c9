import 'server-only';
export { createInvite, UNKNOWN_INVITEE } from './create-invite';
export { deleteInvite } from './delete-invite';
export { listInvitesForUser, listInvitesOfWorkspace, type TWorkspaceInviteWire } from './list-invites';
