import { apiBlob } from './api.ts';

/** Hands a file already in memory to the browser as a download named `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click returns: let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Fetches a file the server only gives to the bearer of `token` and saves it. Errors are the API
 * client's (ApiError, NetworkError, TimeoutError), so callers show them like any other call's.
 * Returns the file's name.
 */
export async function downloadWithToken(path: string, token: string, fallbackName: string): Promise<string> {
  const file = await apiBlob(path, { token });
  const name = file.name || fallbackName;
  saveFile(file, name);
  return name;
}
