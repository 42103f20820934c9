import 'server-only';
export { listUserGroups } from './list-user-groups';
export { getUserGroup } from './get-user-group';
export { createUserGroup } from './create-user-group';
export { deleteUserGroup } from './delete-user-group';
export { addGroupMember, listGroupMembers, removeGroupMember } from './members';
