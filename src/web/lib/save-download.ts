import { api } from './api';

/**
 * A POST answered with a file (a person's data as a ZIP), saved by the browser under the name the server gave it.
 * A refusal throws as any request's does, so a form shows it under its field.
 */
export async function saveDownload(path: string, body: unknown): Promise<void> {
  const { file, name } = await api.download(path, body);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  link.click();
  // Freed once the browser has taken the file, which it does after this click returns.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
