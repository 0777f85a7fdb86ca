import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { UploadField } from '@/components/upload-field/UploadField';
import { ApiError } from '@/lib/api-client';
import type * as imageModule from '@/lib/image';
import type { UploadedFile, Uploader } from '@/lib/upload';

vi.mock('@/lib/image', async (importOriginal) => ({
  ...(await importOriginal<typeof imageModule>()),
  readImageDimensions: vi.fn(async () => ({ width: 100, height: 80 })),
  reencodeImage: vi.fn(async (file: File) => file),
}));

const uploaded: UploadedFile = {
  token: 'tok-1',
  filename: 'uploads/football.webp',
  size: 1536,
  mime_type: 'image/webp',
  url: '/v1/files/tok-1/thumbnail',
};

function Harness(props: { uploader: Uploader; minDimensions?: string; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <>
      <UploadField
        label="Icon"
        value={value}
        onChange={setValue}
        uploader={props.uploader}
        rules={{ minDimensions: props.minDimensions }}
        fetchInfo={async () => uploaded}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

function pick(file: File) {
  fireEvent.change(screen.getByLabelText('Icon'), { target: { files: [file] } });
}

const png = (size = 10, name = 'football.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('UploadField', () => {
  it('starts idle with a placeholder', () => {
    render(<Harness uploader={vi.fn()} />);
    expect(screen.getByText('Choose or drop a file')).toBeInTheDocument();
    expect(document.querySelector('[data-status]')).toHaveAttribute('data-status', '0');
  });

  it('shows progress while uploading, then the preview, name and size', async () => {
    let report: (percent: number) => void = () => undefined;
    let finish: (file: UploadedFile) => void = () => undefined;
    const uploader: Uploader = (_file, _options, onProgress) =>
      new Promise((resolve) => {
        report = onProgress;
        finish = resolve;
      });
    render(<Harness uploader={uploader} />);
    pick(png());
    await screen.findByRole('progressbar');
    act(() => report(42));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    await act(async () => finish(uploaded));
    expect(screen.getByText('football.webp')).toBeInTheDocument();
    expect(screen.getByText('1.50 KiB')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of Icon' })).toHaveAttribute('src', uploaded.url);
    expect(screen.getByTestId('value')).toHaveTextContent('tok-1');
  });

  it('returns to idle when the file is deleted', async () => {
    render(<Harness uploader={vi.fn()} initial="tok-1" />);
    await screen.findByText('football.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.getByText('Choose or drop a file')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it('refuses wrong types and files over 2 MB without uploading', async () => {
    const uploader = vi.fn();
    render(<Harness uploader={uploader} />);
    pick(new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not allowed');
    pick(png(2 * 1024 * 1024 + 1));
    expect(await screen.findByText('The file may not be larger than 2048KB')).toBeInTheDocument();
    expect(uploader).not.toHaveBeenCalled();
  });

  it('names the field, width and height when an image is too small', async () => {
    const uploader = vi.fn();
    render(<Harness uploader={uploader} minDimensions="200,200" />);
    pick(png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The icon must be at least 200 x 200 pixels');
    expect(uploader).not.toHaveBeenCalled();
  });

  it('goes back to idle at 0 on failure and shows server file errors on the field', async () => {
    const uploader: Uploader = async () => {
      throw new ApiError(422, 'Invalid', { check_transparency: 'The image must be transparent' });
    };
    render(<Harness uploader={uploader} />);
    pick(png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The image must be transparent');
    await waitFor(() => expect(document.querySelector('[data-status]')).toHaveAttribute('data-status', '0'));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });
});
