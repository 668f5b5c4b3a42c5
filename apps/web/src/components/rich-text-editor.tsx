import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PaperClipOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, Node, mergeAttributes, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Button, Input, Popover, Tooltip } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, format, useMessages } from '../lib/i18n';
import './rich-text.css';

const texts = defineMessages({
  'zh-CN': {
    toolbar: '格式工具栏',
    bold: '加粗',
    italic: '斜体',
    heading: 'H{level} 标题',
    bulletList: '无序列表',
    orderedList: '有序列表',
    link: '链接',
    unlink: '取消链接',
    linkPlaceholder: 'https://… 或 /页面路径',
    linkApply: '确定',
    linkInvalid: '请输入 http(s)、mailto、tel 链接或以 / 开头的站内路径',
    image: '插入图片',
    attachment: '插入附件',
    undo: '撤销',
    redo: '重做',
  },
  'en-US': {
    toolbar: 'Formatting',
    bold: 'Bold',
    italic: 'Italic',
    heading: 'H{level} heading',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    link: 'Link',
    unlink: 'Remove link',
    linkPlaceholder: 'https://… or /page/path',
    linkApply: 'Apply',
    linkInvalid: 'Enter an http(s), mailto or tel link, or a site path starting with /',
    image: 'Insert image',
    attachment: 'Insert attachment',
    undo: 'Undo',
    redo: 'Redo',
  },
});

/** What the server's sanitiser keeps: http(s), mailto, tel, or a path on this site (never protocol-relative). */
export function normalizeLink(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  // A bare domain such as example.com/page.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value)) return `https://${value}`;
  return null;
}

/**
 * Images: the starter kit has none, and without a node for them the editor would silently drop the `<img>` of stored
 * content on the next save.
 */
const ImageNode = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null }, title: { default: null }, width: { default: null }, height: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => normalizeLink(url) !== null,
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
    },
  }),
  ImageNode,
];

/** An uploaded file the editor can link or show. */
export interface UploadedForEditor {
  url: string;
  name: string;
}

export interface RichTextEditorProps {
  /** HTML; an empty document is `''`. Works as an antd Form control (`value` / `onChange`). */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Accessible name of the editing area. */
  'aria-label'?: string;
  id?: string;
  /**
   * Uploads a picked file (the caller's upload tray); answers its URL, or null when refused or cancelled. With it the
   * toolbar offers image and attachment buttons.
   */
  onUpload?: (file: File, kind: 'img' | 'file') => Promise<UploadedForEditor | null>;
  /** The file types the image and attachment pickers offer (the `accept` attribute). */
  accept?: { img?: string; file?: string };
}

// The trailing empty paragraph the editor keeps for typing after a last heading or list is not content.
const emptyHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''));

/**
 * A small rich-text editor on tiptap's starter kit: bold, italic, headings 1–3, lists, links, undo/redo, and — when
 * the caller can upload — images and attachments. Output is HTML that the server sanitises on save.
 */
export function RichTextEditor({ value = '', onChange, placeholder, disabled, id, onUpload, accept, ...rest }: RichTextEditorProps) {
  const t = useMessages(texts);
  // What the editor last emitted, so a value that comes back unchanged does not reset the cursor.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        ...(rest['aria-label'] ? { 'aria-label': rest['aria-label'] } : {}),
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = emptyHtml(current);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    // Without emitting an update: only the staff's edits are changes.
    if (editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      empty: e.isEmpty,
    }),
  });

  const tool = (label: string, icon: ReactNode, run: () => void, options: { active?: boolean; enabled?: boolean; className?: string } = {}) => (
    <Tooltip title={label} key={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={options.active === undefined ? undefined : options.active}
        className={options.className}
        icon={icon}
        disabled={disabled || options.enabled === false}
        // Keep the selection in the document while the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  const pick = (kind: 'img' | 'file') => {
    if (!onUpload) return;
    const input = document.createElement('input');
    input.type = 'file';
    const types = kind === 'img' ? accept?.img : accept?.file;
    if (types) input.accept = types;
    const picked = async () => {
      const file = input.files?.[0];
      if (!file) return;
      const uploaded = await onUpload(file, kind);
      if (!uploaded || editor.isDestroyed) return;
      if (kind === 'img') chain().insertContent({ type: 'image', attrs: { src: uploaded.url, alt: uploaded.name } }).run();
      else
        chain()
          .insertContent({ type: 'text', text: uploaded.name, marks: [{ type: 'link', attrs: { href: uploaded.url, target: '_blank' } }] })
          .insertContent(' ')
          .run();
    };
    input.addEventListener('change', () => void picked(), { once: true });
    input.click();
  };

  return (
    <div className={`rich-text-editor${disabled ? ' rich-text-editor--disabled' : ''}`}>
      <div className="rich-text-editor__toolbar" role="toolbar" aria-label={t.toolbar}>
        {tool(t.bold, <BoldOutlined />, () => chain().toggleBold().run(), { active: state.bold })}
        {tool(t.italic, <ItalicOutlined />, () => chain().toggleItalic().run(), { active: state.italic })}
        <span className="rich-text-editor__separator" aria-hidden />
        {([1, 2, 3] as const).map((level) =>
          tool(format(t.heading, { level }), <span>H{level}</span>, () => chain().toggleHeading({ level }).run(), {
            active: state[`h${level}`],
            className: 'rich-text-editor__heading',
          }),
        )}
        <span className="rich-text-editor__separator" aria-hidden />
        {tool(t.bulletList, <UnorderedListOutlined />, () => chain().toggleBulletList().run(), { active: state.bulletList })}
        {tool(t.orderedList, <OrderedListOutlined />, () => chain().toggleOrderedList().run(), { active: state.orderedList })}
        <span className="rich-text-editor__separator" aria-hidden />
        <LinkTool
          editor={editor}
          href={state.href}
          active={state.link}
          disabled={disabled}
          texts={t}
        />
        {state.link && tool(t.unlink, <DisconnectOutlined />, () => chain().extendMarkRange('link').unsetLink().run())}
        {onUpload && tool(t.image, <PictureOutlined />, () => pick('img'))}
        {onUpload && tool(t.attachment, <PaperClipOutlined />, () => pick('file'))}
        <span className="rich-text-editor__separator" aria-hidden />
        {tool(t.undo, <UndoOutlined />, () => chain().undo().run(), { enabled: state.canUndo })}
        {tool(t.redo, <RedoOutlined />, () => chain().redo().run(), { enabled: state.canRedo })}
      </div>
      <div className="rich-text-editor__content" onClick={() => !disabled && editor.commands.focus()}>
        {state.empty && placeholder && (
          <div className="rich-text-editor__placeholder" aria-hidden>
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function LinkTool({
  editor,
  href,
  active,
  disabled,
  texts: t,
}: {
  editor: Editor;
  href: string;
  active: boolean;
  disabled?: boolean;
  texts: Record<keyof (typeof texts)['zh-CN'], string>;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);

  const apply = () => {
    const link = normalizeLink(draft);
    if (!link) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected the link's own address becomes its text.
    if (editor.state.selection.empty && !active) {
      chain.insertContent({ type: 'text', text: link, marks: [{ type: 'link', attrs: { href: link } }] }).run();
    } else {
      chain.setLink({ href: link }).run();
    }
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft(href);
          setInvalid(false);
        }
      }}
      content={
        <div className="rich-text-editor__link">
          <Input
            size="small"
            autoFocus
            aria-label={t.link}
            value={draft}
            status={invalid ? 'error' : undefined}
            placeholder={t.linkPlaceholder}
            onChange={(event) => {
              setDraft(event.target.value);
              setInvalid(false);
            }}
            onPressEnter={apply}
          />
          <Button size="small" type="primary" onClick={apply}>
            {t.linkApply}
          </Button>
        </div>
      }
      title={invalid ? <span className="rich-text-editor__link-error">{t.linkInvalid}</span> : undefined}
    >
      <Tooltip title={t.link}>
        <Button
          type="text"
          size="small"
          aria-label={t.link}
          aria-pressed={active}
          icon={<LinkOutlined />}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}
