import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { displayFileName, formatFileSize } from '@/lib/format';
import {
  checkDimensions,
  checkFile,
  IMAGE_EXTENSIONS,
  MAX_UPLOAD_BYTES,
  parseDimensions,
  readImageDimensions,
  reencodeImage,
  type UploadProblem,
  type UploadRules,
} from '@/lib/image';
import { fetchFileInfo, uploadFile, type UploadedFile, type Uploader, type UploadOptions } from '@/lib/upload';

/** 0 idle with placeholder, 1 uploading with a percentage, 2 uploaded with preview. */
export type UploadStatus = 0 | 1 | 2;

/** Server field errors that belong to the upload field. */
const SERVER_FIELDS = ['file', 'check_transparency'] as const;

export interface UploadFieldProps {
  label: string;
  name?: string;
  /** The uploaded file's token, as stored on the entity (e.g. icon_id). */
  value: string | null | undefined;
  onChange: (token: string | null, file: UploadedFile | null) => void;
  /** Preview of the stored file before its details have loaded (e.g. icon_url). */
  previewUrl?: string | null;
  placeholder?: string;
  rules?: UploadRules;
  uploadOptions?: UploadOptions;
  /** Re-encode images on a canvas before upload; off where the server needs the original format. */
  reencode?: boolean;
  error?: string;
  uploader?: Uploader;
  fetchInfo?: (token: string, signal?: AbortSignal) => Promise<UploadedFile>;
}

export function UploadField({
  label,
  name,
  value,
  onChange,
  previewUrl,
  placeholder,
  rules = {},
  uploadOptions = {},
  reencode = true,
  error,
  uploader = uploadFile,
  fetchInfo = fetchFileInfo,
}: UploadFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<UploadStatus>(value ? 2 : 0);
  const [progress, setProgress] = useState(0);
  const [info, setInfo] = useState<UploadedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (status === 1) return undefined;
    if (!value) {
      setStatus(0);
      setInfo(null);
      return undefined;
    }
    setStatus(2);
    if (info?.token === value) return undefined;
    const controller = new AbortController();
    fetchInfo(value, controller.signal).then(setInfo, () => undefined);
    return () => controller.abort();
  }, [value, status, info?.token, fetchInfo]);

  const describe = (found: UploadProblem) => t(found.key, { ...found.values, field: label.toLowerCase() });

  const start = async (file: File) => {
    setProblem(null);
    const fileProblem = checkFile(file, rules);
    if (fileProblem) {
      setProblem(describe(fileProblem));
      return;
    }
    if (rules.minDimensions || rules.maxDimensions) {
      const dimensions = await readImageDimensions(file).catch(() => null);
      const dimensionProblem = dimensions && checkDimensions(dimensions, rules);
      if (dimensionProblem) {
        setProblem(describe(dimensionProblem));
        return;
      }
    }
    const toSend = reencode ? await reencodeImage(file).catch(() => file) : file;
    setStatus(1);
    setProgress(0);
    try {
      const uploaded = await uploader(toSend, uploadOptions, setProgress);
      setInfo(uploaded);
      setStatus(2);
      onChange(uploaded.token, uploaded);
    } catch (failure) {
      setStatus(0);
      setProgress(0);
      if (failure instanceof ApiError) {
        const field = SERVER_FIELDS.map((key) => failure.fields[key]).find(Boolean);
        if (field) setProblem(field);
      }
    }
  };

  const remove = () => {
    setInfo(null);
    setStatus(0);
    setProgress(0);
    setProblem(null);
    if (input.current) input.current.value = '';
    onChange(null, null);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void start(file);
  };

  const shownError = problem ?? error;
  const extensions = rules.extensions ?? IMAGE_EXTENSIONS;
  const minimum = parseDimensions(rules.minDimensions);
  const maximum = parseDimensions(rules.maxDimensions);
  // The rules are said before the upload, not discovered by a refusal.
  const ruleText = [
    extensions.map((extension) => extension.toUpperCase()).join(', '),
    t('upload.rules.maxSize', { size: formatFileSize(rules.maxBytes ?? MAX_UPLOAD_BYTES) }),
    ...(minimum && maximum && minimum.width === maximum.width && minimum.height === maximum.height
      ? [t('upload.rules.exact', { ...minimum })]
      : [minimum && t('upload.rules.min', { ...minimum }), maximum && t('upload.rules.max', { ...maximum })]),
  ]
    .filter(Boolean)
    .join(' · ');
  const preview = info?.url ?? previewUrl ?? null;

  return (
    <div className="field upload-field" data-status={status}>
      <span className="field__label" id={`${inputId}-label`}>
        {label}
      </span>
      <p className="field__hint" id={`${inputId}-rules`}>
        {ruleText}
      </p>
      {status === 0 && (
        <label
          htmlFor={inputId}
          className={`upload-field__drop ${dragging ? 'upload-field__drop--active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className="upload-field__placeholder">{placeholder ?? t('upload.placeholder')}</span>
        </label>
      )}
      <input
        ref={input}
        id={inputId}
        name={name}
        type="file"
        className="visually-hidden"
        aria-labelledby={`${inputId}-label`}
        aria-describedby={`${inputId}-rules`}
        accept={extensions.map((extension) => `.${extension}`).join(',')}
        disabled={status !== 0}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void start(file);
        }}
      />
      {status === 1 && (
        <div className="upload-field__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <div className="upload-field__bar" style={{ width: `${progress}%` }} />
          <span>{t('upload.uploading', { progress })}</span>
        </div>
      )}
      {status === 2 && (
        <div className="upload-field__done">
          {preview && <img className="upload-field__preview" src={preview} alt={t('upload.preview', { name: label })} />}
          <div className="upload-field__meta">
            {info && <span className="upload-field__name">{displayFileName(info.filename)}</span>}
            {info && <span className="upload-field__size">{formatFileSize(info.size)}</span>}
          </div>
          <button type="button" className="button button--ghost" onClick={remove}>
            {t('upload.delete')}
          </button>
        </div>
      )}
      {shownError && (
        <p className="field__error" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
