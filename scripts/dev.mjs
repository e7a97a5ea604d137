// `npm run dev`: the API on port 3001 (restarting on change) and Vite on 3000 proxying to it.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // No balancer in front: a restart on change need not drain (SHUTDOWN_DRAIN_MS, docs/decisions/060).
    env: { SHUTDOWN_DRAIN_MS: '0', ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
