import { runServer } from './lib/run-server';

/** The API alone (used by `npm run dev`, where Vite serves the PWA). */
await runServer({ banner: false });
