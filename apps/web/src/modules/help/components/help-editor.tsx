import { RichTextEditor, type RichTextEditorProps } from '../../../components/rich-text-editor';
import { useEditorUploads } from '../../../lib/upload';

/** The rich-text editor of the help screens, with images and attachments sent through the upload tray. */
export function HelpEditor(props: Omit<RichTextEditorProps, 'onUpload' | 'accept'>) {
  const uploads = useEditorUploads('help');
  return <RichTextEditor {...props} {...uploads} />;
}
