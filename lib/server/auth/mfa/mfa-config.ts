import 'server-only';
import { MFA_METHODS } from './shared';

/** GET /auth/mfa/config/: the configured methods and trench's switches (public). */
export function mfaConfig() {
  return { methods: [...MFA_METHODS], confirm_disable_with_code: false, confirm_regeneration_with_code: true, allow_backup_codes_regeneration: true };
}
