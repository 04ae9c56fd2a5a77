export { sandboxPaystackKey, sandboxPaystackRoutes, type SandboxPaystackDeps } from './routes';
