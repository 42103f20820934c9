import 'server-only';
export { createShareLink, type TCreatedShareLink } from './create-share';
export { listShareLinks } from './list-shares';
export { revokeShareLink } from './revoke-share';
export { serializeShare, type TShareLinkWire } from './serialize-share';
