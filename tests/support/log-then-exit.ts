// A process that logs through the store's default log destination (lib/logging.ts), then exits in the same turn
// of the event loop, before any batch of lines could be written: what it printed is what the exit wrote.
// argv: how many lines, and how to exit ('exit': process.exit(0); 'throw': an uncaught exception).
import pino from 'pino';
import { loggerOptions } from '../../src/server/lib/logging';

const [count = '2000', how = 'exit'] = process.argv.slice(2);
const { logger } = loggerOptions({ LOG_LEVEL: 'info' }, 'json');
const { stream, ...options } = logger as pino.LoggerOptions & { stream: pino.DestinationStream };
const log = pino(options, stream);
for (let i = 0; i < Number(count); i++) log.info({ line: i }, `line ${i}`);
if (how === 'throw') throw new Error('gone before the batch was written');
process.exit(0);
