import {
  api,
  ApiError,
  buildHeaders,
  errorFromResponse,
  genericErrorMessage,
  recordPosition,
  refreshLogin,
  reportFailure,
} from '@/lib/api-client';

export interface UploadedFile {
  token: string;
  filename: string;
  size: number;
  mime_type: string;
  url: string;
}

export interface UploadOptions {
  visibility?: 'public' | 'private';
  path?: string;
  checkTransparency?: boolean;
}

export type Uploader = (
  file: File,
  options: UploadOptions,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) => Promise<UploadedFile>;

function sendOnce(file: File, options: UploadOptions, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    form.append('visibility', options.visibility ?? 'public');
    if (options.path) form.append('path', options.path);
    form.append('check_transparency', options.checkTransparency ? '1' : '0');

    const request = new XMLHttpRequest();
    request.open('POST', '/v1/admin/files/upload');
    for (const [name, value] of Object.entries(buildHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiError(0, genericErrorMessage()));
    request.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Uploads with XMLHttpRequest, because fetch cannot report upload progress. */
export const uploadFile: Uploader = async (file, options, onProgress, signal) => {
  try {
    let answer = await sendOnce(file, options, onProgress, signal);
    if (answer.status === 401 && (await refreshLogin())) {
      answer = await sendOnce(file, options, onProgress, signal);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw await errorFromBody(answer.status, answer.body);
    }
    const body = answer.body as { data: UploadedFile; meta?: { position?: string } };
    recordPosition(body.meta?.position);
    return body.data;
  } catch (error) {
    reportFailure(error);
    throw error;
  }
};

function errorFromBody(status: number, body: unknown): Promise<ApiError> {
  return errorFromResponse({ status, json: () => Promise.resolve(body) });
}

/** File info for a stored token; failures are silent (the field just shows no details). */
export async function fetchFileInfo(token: string, signal?: AbortSignal): Promise<UploadedFile> {
  const answer = await api<{ data: UploadedFile }>(`/v1/admin/files/${encodeURIComponent(token)}`, { signal, silent: true });
  return answer.data;
}
