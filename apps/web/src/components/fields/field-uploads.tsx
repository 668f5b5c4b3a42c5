import { LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { checkQuantity, fieldTypeOf, type FieldDefinition, type FileValue } from '@juqi/contract';
import { App, Button, Flex, Image, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { acceptFor, useUpload } from '../../lib/upload';
import { TextCell, TextDetail, type FieldDisplayProps } from './field-displays';
import type { FieldEditorProps } from './field-editors';
import { fieldMessages } from './field-messages';
import './field-uploads.css';

/** Types whose files are pictures: image uploads only, shown as thumbnails. */
const PICTURE_TYPES: readonly string[] = ['pic', 'file_img', 'certificate_img'];
/** The first folder of the stored path of every file put in a field. */
const UPLOAD_MODULE = 'field';
/** Thumbnails a table cell shows before "+n". */
const CELL_THUMBNAILS = 3;

const isFileValue = (item: unknown): item is FileValue =>
  typeof item === 'object' && item !== null && typeof (item as FileValue).url === 'string' && typeof (item as FileValue).name === 'string';

/** The files of a stored value; anything else in it (data from older versions) is left out. */
const filesOf = (value: unknown): FileValue[] => (Array.isArray(value) ? value.filter(isFileValue) : []);

/** 最多 3 张 / 至少 1 个: the extend_quantity bounds in words, or '' when there are none. */
function useBoundsText(definition: FieldDefinition): string {
  const t = useMessages(fieldMessages);
  const { min, max } = checkQuantity(0, definition);
  const pictures = PICTURE_TYPES.includes(definition.type);
  const words = pictures ? { atLeast: t.picturesAtLeast, atMost: t.picturesAtMost, between: t.picturesBetween } : t;
  return min && max ? format(words.between, { min, max }) : min ? format(words.atLeast, { min }) : max ? format(words.atMost, { max }) : '';
}

/**
 * pic, file_img, certificate_img and file: files go through the upload tray (§2.4, with its progress and the contract's
 * type and size checks) and are added to the value as `{name, url}`. Pictures show as a grid of thumbnails that open a
 * preview; other files as a list of links. The add button goes once extend_quantity_max is reached.
 */
export function FilesEditor({ definition, value, onChange, id, disabled }: FieldEditorProps) {
  const t = useMessages(fieldMessages);
  const { message } = App.useApp();
  const upload = useUpload();
  const pictures = PICTURE_TYPES.includes(definition.type);
  const files = filesOf(value);
  const { max } = checkQuantity(0, definition);
  const bounds = useBoundsText(definition);
  const [sendingCount, setSendingCount] = useState(0);
  const [previewing, setPreviewing] = useState<number | null>(null);

  // Files picked together finish in any order: each is added to what the last one left, not to the value it started
  // from. The value from the form takes over once rendered.
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  });
  // Uploads on their way count against the maximum, so that picking more than the room left sends none of the extra.
  const sending = useRef(0);

  const commit = (next: FileValue[]) => {
    latest.current = next;
    onChange?.(next.length ? next : null);
  };

  const send = async (file: File) => {
    sending.current += 1;
    setSendingCount((count) => count + 1);
    try {
      const record = await upload(file, { type: pictures ? 'img' : 'file', module: UPLOAD_MODULE });
      if (record) commit([...latest.current, { name: file.name, url: record.url }]);
    } finally {
      sending.current -= 1;
      setSendingCount((count) => count - 1);
    }
  };

  const beforeUpload = (file: File) => {
    if (max !== null && latest.current.length + sending.current >= max) void message.warning(format(t.roomFull, { bounds, name: file.name }));
    else void send(file);
    // The tray sends the file, not antd's own request; the list shows the value alone.
    return Upload.LIST_IGNORE;
  };

  const listed: UploadFile[] = files.map((file) => ({ uid: file.url, name: file.name, url: file.url, status: 'done' }));
  const adding = !disabled && (max === null || files.length < max);
  const addIcon = sendingCount ? <LoadingOutlined aria-hidden /> : pictures ? <PlusOutlined aria-hidden /> : <UploadOutlined aria-hidden />;

  return (
    <div className="field-upload">
      <Upload
        id={id}
        accept={acceptFor(pictures ? 'img' : 'file')}
        multiple
        disabled={disabled}
        listType={pictures ? 'picture-card' : 'text'}
        fileList={listed}
        beforeUpload={beforeUpload}
        onRemove={(item) => {
          commit(latest.current.filter((file) => file.url !== item.uid));
          return false;
        }}
        onPreview={pictures ? (item) => setPreviewing(files.findIndex((file) => file.url === item.uid)) : undefined}
        showUploadList={{ showRemoveIcon: !disabled, showPreviewIcon: pictures }}
        locale={{ removeFile: t.removeFile, previewFile: t.previewFile }}
      >
        {adding &&
          (pictures ? (
            <button type="button" className="field-upload__card">
              {addIcon}
              <span>{t.uploadPicture}</span>
            </button>
          ) : (
            <Button icon={addIcon}>{t.uploadFile}</Button>
          ))}
      </Upload>
      {bounds && (
        <Typography.Text type="secondary" className="field-upload__hint">
          {bounds}
        </Typography.Text>
      )}
      {pictures && (
        <Image.PreviewGroup
          items={files.map((file) => ({ src: file.url, alt: file.name }))}
          preview={{
            open: previewing !== null,
            current: previewing ?? 0,
            onOpenChange: (open) => {
              if (!open) setPreviewing(null);
            },
            onChange: (current) => setPreviewing(current),
          }}
        />
      )}
    </div>
  );
}

// The pad's sheet is white whatever the theme, so the PNG it makes reads on any page and in print.
const PAD_BACKGROUND = 'rgb(255, 255, 255)';

/**
 * handwriting_sign: with a value, the signature and 重新签名 (which empties the value and brings the pad back);
 * without, the pad. Drawn by mouse, pen or finger (signature_pad's pointer events); its buttons work by keyboard.
 */
export function SignatureEditor({ definition, value, onChange, id, disabled }: FieldEditorProps) {
  const t = useMessages(fieldMessages);
  const language = usePreferences((s) => s.language);
  const label = definition.label[language];
  if (typeof value === 'string' && value)
    return (
      <Flex id={id} vertical gap={8} align="flex-start">
        <img className="field-upload__signature" src={value} alt={label} />
        {!disabled && <Button onClick={() => onChange?.(null)}>{t.signAgain}</Button>}
      </Flex>
    );
  return <SigningPad id={id} label={label} disabled={disabled} onSigned={(url) => onChange?.(url)} />;
}

interface SigningPadProps {
  id?: string;
  label: string;
  disabled?: boolean;
  onSigned: (url: string) => void;
}

/** The pad, 清除 and 确认签名: confirming sends the drawing as `signature.png` through the upload tray. */
function SigningPad({ id, label, disabled, onSigned }: SigningPadProps) {
  const t = useMessages(fieldMessages);
  const upload = useUpload();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { backgroundColor: PAD_BACKGROUND });
    padRef.current = pad;
    const began = () => setUnsigned(false);
    pad.addEventListener('beginStroke', began);
    // The canvas's pixels follow its box at the screen's density, for sharp strokes; resizing a canvas empties it, so
    // the strokes are drawn again from the pad's data.
    let width = 0;
    const fit = () => {
      if (!canvas.offsetWidth || canvas.offsetWidth === width) return;
      width = canvas.offsetWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = width * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(pad.toData());
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('beginStroke', began);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setUnsigned(false);
  };

  const confirm = async () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    if (pad.isEmpty()) {
      setUnsigned(true);
      return;
    }
    setSending(true);
    try {
      const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      const record = png && (await upload(new File([png], 'signature.png', { type: 'image/png' }), { type: 'img', module: UPLOAD_MODULE }));
      if (record) onSigned(record.url);
    } finally {
      setSending(false);
    }
  };

  return (
    <div id={id} className="field-upload__sign" role="group" aria-label={label}>
      <canvas ref={canvasRef} className="field-upload__pad" role="img" aria-label={format(t.signaturePad, { label })} />
      {unsigned && (
        <Typography.Text type="danger" role="alert">
          {t.signFirst}
        </Typography.Text>
      )}
      <Flex gap={8}>
        <Button onClick={clear} disabled={disabled || sending}>
          {t.clearSignature}
        </Button>
        <Button type="primary" onClick={() => void confirm()} loading={sending} disabled={disabled}>
          {t.useSignature}
        </Button>
      </Flex>
    </div>
  );
}

/** The registry's text of the value, as a tooltip: the files' names. */
function useNames({ definition, value }: FieldDisplayProps): string {
  const language = usePreferences((s) => s.language);
  return fieldTypeOf(definition.type).text(value, definition, language);
}

/** pic, file_img and certificate_img in a table: up to three thumbnails, then how many more. */
export function PictureCell(props: FieldDisplayProps) {
  const names = useNames(props);
  const files = filesOf(props.value);
  if (!files.length) return <TextCell {...props} />;
  const shown = files.slice(0, CELL_THUMBNAILS);
  return (
    <span className="field-display__thumbnails" title={names}>
      {shown.map((file) => (
        <img key={file.url} className="field-display__thumbnail" src={file.url} alt={file.name} loading="lazy" />
      ))}
      {files.length > shown.length && <span className="field-display__more">+{files.length - shown.length}</span>}
    </span>
  );
}

/** pic, file_img and certificate_img in full: every picture, each opening a preview that pages through them all. */
export function PictureDetail(props: FieldDisplayProps) {
  const files = filesOf(props.value);
  if (!files.length) return <TextDetail {...props} />;
  return (
    <Image.PreviewGroup>
      <span className="field-display__pictures">
        {files.map((file) => (
          <Image key={file.url} src={file.url} alt={file.name} width={88} height={88} />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}

/** file, in a cell and in full: each file's name, a link opening it in a new tab. */
export function FileLinks(props: FieldDisplayProps) {
  const files = filesOf(props.value);
  if (!files.length) return <TextCell {...props} />;
  return (
    <span className="field-display__links">
      {files.map((file) => (
        <a key={file.url} href={file.url} target="_blank" rel="noopener noreferrer">
          {file.name}
        </a>
      ))}
    </span>
  );
}

/** handwriting_sign: the signature, small in a cell and larger in full. */
function Signature({ size, ...props }: FieldDisplayProps & { size: 'cell' | 'detail' }) {
  const language = usePreferences((s) => s.language);
  if (typeof props.value !== 'string' || !props.value) return size === 'cell' ? <TextCell {...props} /> : <TextDetail {...props} />;
  return <img className={`field-display__signature field-display__signature--${size}`} src={props.value} alt={props.definition.label[language]} />;
}

export const SignatureCell = (props: FieldDisplayProps) => <Signature {...props} size="cell" />;
export const SignatureDetail = (props: FieldDisplayProps) => <Signature {...props} size="detail" />;
