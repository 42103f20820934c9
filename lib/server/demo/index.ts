import 'server-only';
export { getDemoWorkspaceId } from './get-demo-workspace';
