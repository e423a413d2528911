import { ApiError, DEFAULT_TIMEOUT_MS, NetworkError, serverMessage, TimeoutError } from './api.ts';

/** The name in `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…), if any. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1].trim() ?? null;
}

/**
 * Fetches a file the server only gives to the bearer of `token` (a plain link cannot carry it) and
 * hands it to the browser as a download. Errors are the API client's (ApiError, NetworkError,
 * TimeoutError), so callers show them like any other call's. Returns the file's name.
 */
export async function downloadWithToken(path: string, token: string, fallbackName: string): Promise<string> {
  const controller = new AbortController();
  // A larger file on 3G takes longer than a JSON answer: three times the data time-out.
  const timer = setTimeout(() => controller.abort(), DEFAULT_TIMEOUT_MS * 3);
  try {
    let response: Response;
    let blob: Blob;
    try {
      response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal, credentials: 'same-origin' });
      blob = await response.blob();
    } catch (cause) {
      if (controller.signal.aborted) throw new TimeoutError('Request timeout', { cause });
      throw new NetworkError('Failed to fetch', { cause });
    }
    if (!response.ok) {
      let body: unknown = null;
      try {
        body = JSON.parse(await blob.text());
      } catch {
        // not JSON: the status says enough
      }
      throw new ApiError(response.status, serverMessage(body) ?? `Request failed with status ${response.status}`, body);
    }
    const name = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // Some browsers read the blob after click returns: let go of it a little later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return name;
  } finally {
    clearTimeout(timer);
  }
}
