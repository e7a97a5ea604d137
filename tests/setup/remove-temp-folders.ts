import { afterAll } from 'vitest';
import { removeTempFolders } from '../support/temp-folders';

// Every test file's temp folders go with it, whatever its tests did.
afterAll(removeTempFolders);
