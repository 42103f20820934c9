import 'server-only';
export { createInvite, INVITE_RULE, UNKNOWN_INVITEE } from './create-invite';
export { deleteInvite } from './delete-invite';
export { listInvitesForUser, listInvitesOfWorkspace, type TWorkspaceInviteWire } from './list-invites';
