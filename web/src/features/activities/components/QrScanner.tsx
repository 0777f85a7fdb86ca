import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Called with each code the camera reads (the caller ignores repeats while busy). */
  onCode: (code: string) => void;
  onClose: () => void;
}

/**
 * The device's back camera, read for QR codes by jsQR (decision 0812) a few times a
 * second. Without a camera or permission it says so; typing the code stays possible.
 */
export function QrScanner({ onCode, onClose }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia || !context) throw new Error('no camera');
        const { default: jsQR } = await import('jsqr');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        let last = '';
        const read = () => {
          const v = video.current;
          if (stopped || !v) return;
          if (v.videoWidth > 0) {
            canvas.width = v.videoWidth;
            canvas.height = v.videoHeight;
            context.drawImage(v, 0, 0);
            const image = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
            // The same code stays in view: hand it over once until another one shows.
            if (found?.data && found.data !== last) {
              last = found.data;
              latest.current(found.data);
            }
          }
          timer = window.setTimeout(read, 200);
        };
        read();
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="qr-scanner">
      {failed ? (
        <p className="notice notice--warning">{t('activities.checkIn.noCamera')}</p>
      ) : (
        <video ref={video} className="qr-scanner__video" muted playsInline aria-label={t('activities.checkIn.camera')} />
      )}
      <button type="button" className="button" onClick={onClose}>
        {t('activities.checkIn.stopScan')}
      </button>
    </div>
  );
}
