import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@tables-voisines/contract/schemas/establishment';
import { ApiError, apiRequest } from '../../lib/api-client';

/** What the file picker accepts, and the message when a file is refused before any call. */
export const PHOTO_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

export function photoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Choisissez une photo au format JPEG, PNG ou WebP.';
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'La photo dépasse 10 Mo : choisissez une image plus légère.';
  return null;
}

/**
 * Sends the bytes where `prepare-upload` said (this server's disk or object storage), reporting progress
 * from 0 to 1. XMLHttpRequest rather than `fetch`: only it reports upload progress in every browser.
 */
function putWithProgress(url: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let body: { code?: string; message?: string } | null;
      try {
        body = JSON.parse(xhr.responseText) as { code?: string; message?: string };
      } catch {
        body = null;
      }
      reject(
        new ApiError(
          body?.code ?? 'UnexpectedError',
          body?.message ?? `Request failed with status code ${xhr.status}`,
          xhr.status,
          body,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError('UnexpectedError', 'L’envoi de la photo a échoué.', 0));
    xhr.send(file);
  });
}

/** Prepares, sends the file, and answers the photo address to save on the establishment. */
export async function uploadPhoto(
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const prepared = await apiRequest('prepareUpload', {
    token,
    body: { contentType: file.type, size: file.size },
  });
  await putWithProgress(prepared.uploadUrl, file, onProgress);
  return prepared.url;
}
