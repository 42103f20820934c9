import 'server-only';

export { activateUser } from './activate-user';
export { deleteOwnAccount } from './delete-own-account';
export { getCurrentUser } from './get-current-user';
export { getOwnProfile } from './get-own-profile';
export { updateOwnProfile } from './update-own-profile';
export { registerUser } from './register-user';
export { requestPasswordReset } from './request-password-reset';
export { resetPassword } from './reset-password';
