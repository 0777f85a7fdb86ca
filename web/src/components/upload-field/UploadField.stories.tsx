import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { UploadField } from '@/components/upload-field/UploadField';
import { ApiError } from '@/lib/api-client';
import type { UploadedFile, Uploader } from '@/lib/upload';

const sample: UploadedFile = {
  token: 'tok-demo',
  filename: 'uploads/football.webp',
  size: 48_213,
  mime_type: 'image/webp',
  url: '/favicon.svg',
};

/** Pretends to upload: reports progress in steps, then answers the sample file. */
const slowUploader: Uploader = (_file, _options, onProgress) =>
  new Promise((resolve) => {
    let percent = 0;
    const timer = setInterval(() => {
      percent += 20;
      onProgress(percent);
      if (percent >= 100) {
        clearInterval(timer);
        resolve(sample);
      }
    }, 300);
  });

const failingUploader: Uploader = async () => {
  throw new ApiError(422, 'Invalid', { file: 'Het bestand is beschadigd' });
};

function Stateful(props: { initial?: string | null; uploader?: Uploader; minDimensions?: string }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <UploadField
      label="Icon"
      value={value}
      onChange={setValue}
      uploader={props.uploader ?? slowUploader}
      fetchInfo={async () => sample}
      rules={{ minDimensions: props.minDimensions }}
    />
  );
}

const meta = { title: 'Widgets/UploadField', component: Stateful } satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Uploaded: Story = { args: { initial: 'tok-demo' } };
export const ServerFieldError: Story = { args: { uploader: failingUploader } };
export const MinimumDimensions: Story = { args: { minDimensions: '200,200' } };
