import { resetApiClientState, latestPosition } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';
import { useNotificationStore } from '@/stores/notification';

/** Just enough of XMLHttpRequest to drive the upload from the test. */
class FakeRequest {
  static last: FakeRequest;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const stored = { token: 'tok', filename: 'uploads/a.webp', size: 10, mime_type: 'image/webp', url: '/v1/files/tok/thumbnail' };

describe('uploadFile', () => {
  beforeEach(() => {
    resetApiClientState();
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    useAuthStore.getState().setLogin({
      api_token: { token: 't1', refresh_token: 'r1', expires_at: '' },
      user: { id: 'u', first_name: 'A', last_name: 'B', avatar_url: null, email: 'a@b.c', applications: [] },
    });
    useContextStore.getState().setApplicationId('app-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useNotificationStore.getState().clear();
  });

  it('posts the multipart form with the API headers and reports progress', async () => {
    const progress: number[] = [];
    const file = new File(['x'], 'a.webp', { type: 'image/webp' });
    const done = uploadFile(file, { visibility: 'public', path: 'sports', checkTransparency: true }, (p) => progress.push(p));
    const request = FakeRequest.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/admin/files/upload');
    expect(request.headers).toMatchObject({ Authorization: 'Bearer t1', ApplicationId: 'app-1' });
    expect(request.body?.get('file')).toBe(file);
    expect(request.body?.get('visibility')).toBe('public');
    expect(request.body?.get('path')).toBe('sports');
    expect(request.body?.get('check_transparency')).toBe('1');

    request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    request.answer(201, { data: stored, meta: { position: '4.2' } });

    await expect(done).resolves.toEqual(stored);
    expect(progress).toEqual([25, 100]);
    expect(latestPosition()).toBe('4.2');
  });

  it('rejects with the field errors and shows the message', async () => {
    const done = uploadFile(new File(['x'], 'a.png'), {}, () => undefined);
    FakeRequest.last.answer(413, { errors: { message: 'Te groot', fields: { file: 'Het bestand is te groot' } } });
    await expect(done).rejects.toMatchObject({ status: 413, fields: { file: 'Het bestand is te groot' } });
    expect(useNotificationStore.getState().current?.message).toBe('Te groot');
  });
});
