import 'server-only';

export { LOGIN_FAILED, CODE_INVALID, TOKEN_INVALID, type TLoginStep } from './login-shared';
export { loginFirstStep } from './login-first-step';
export { loginSecondStep } from './login-second-step';
