import { CameraOutline, CloseOutline, PictureOutline } from 'antd-mobile-icons';
import './forms.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareImage } from '../lib/image';
import { toastError } from './toast';

/**
 * An image taken with the camera or chosen from the phone, with a preview (SPEC §6.6 ID images, §6.4 deposit receipts).
 * Works as a Form.Item child (value / onChange). Photos too large or in HEIC are re-encoded in
 * the browser; files that cannot be used are refused with the server's own message.
 */
export function ImagePicker({
  value,
  onChange,
  label,
  testId,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setBusy(true);
    const prepared = await prepareImage(file);
    setBusy(false);
    if ('problem' in prepared) toastError('file_invalid');
    else onChange?.(prepared.file);
  };

  return (
    <div className="kb-image-picker" data-testid={`${testId}-picker`}>
      {preview ? (
        <figure className="kb-image-picker__preview">
          <img src={preview} alt={label} data-testid={`${testId}-preview`} />
          <button
            type="button"
            className="kb-image-picker__remove"
            aria-label={t('upload.remove', { what: label })}
            onClick={() => onChange?.(null)}
          >
            <CloseOutline />
          </button>
        </figure>
      ) : (
        <div className="kb-image-picker__empty" aria-busy={busy}>
          <PictureOutline aria-hidden="true" fontSize={32} />
          <span>{busy ? t('upload.processing') : label}</span>
        </div>
      )}
      <div className="kb-image-picker__actions">
        <label className="kb-image-picker__button" htmlFor={`${id}-camera`}>
          <CameraOutline aria-hidden="true" />
          <span>{preview ? t('upload.retake') : t('upload.camera')}</span>
        </label>
        <input
          id={`${id}-camera`}
          className="kb-visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          data-testid={`${testId}-camera`}
          onChange={(e) => void pick(e.currentTarget)}
        />
        <label className="kb-image-picker__button" htmlFor={`${id}-file`}>
          <PictureOutline aria-hidden="true" />
          <span>{t('upload.file')}</span>
        </label>
        <input
          id={`${id}-file`}
          className="kb-visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/*"
          data-testid={`${testId}-file`}
          onChange={(e) => void pick(e.currentTarget)}
        />
      </div>
    </div>
  );
}
