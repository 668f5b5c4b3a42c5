import { defineMessages } from '../i18n';

/** The upload tray's strings, zh-CN first (the title and the close confirmation are the spec's own). */
export const fileMessages = defineMessages({
  'zh-CN': {
    trayTitle: '附件上传',
    trayRegion: '附件上传托盘',
    summary: '{done}/{total} 已完成',
    collapse: '收起',
    expand: '展开',
    close: '关闭',
    closeConfirm: '关闭窗口，将取消上传任务，是否继续?',
    closeOk: '继续',
    closeCancel: '取消',
    cancelUpload: '取消上传 {name}',
    remove: '移除 {name}',
    done: '上传完成',
    waiting: '等待服务器确认…',
    failed: '上传失败',
    refusedExtension: '“{name}”的类型不支持，可上传：{allowed}',
    refusedNoExtension: '“{name}”没有扩展名，无法判断类型，可上传：{allowed}',
    refusedSize: '“{name}”大小为 {size}，超过 {max} 的上限',
    refusedEmpty: '“{name}”是空文件',
  },
  'en-US': {
    trayTitle: 'Attachment upload',
    trayRegion: 'Attachment upload tray',
    summary: '{done}/{total} done',
    collapse: 'Collapse',
    expand: 'Expand',
    close: 'Close',
    closeConfirm: 'Closing the window cancels the uploads. Continue?',
    closeOk: 'Continue',
    closeCancel: 'Cancel',
    cancelUpload: 'Cancel uploading {name}',
    remove: 'Remove {name}',
    done: 'Uploaded',
    waiting: 'Waiting for the server…',
    failed: 'Upload failed',
    refusedExtension: '“{name}” is not an accepted type. Accepted: {allowed}',
    refusedNoExtension: '“{name}” has no extension, so its type is unknown. Accepted: {allowed}',
    refusedSize: '“{name}” is {size}, over the {max} limit',
    refusedEmpty: '“{name}” is empty',
  },
});

export type FileText = (typeof fileMessages)['zh-CN'];
