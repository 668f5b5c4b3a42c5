import { LOGGED_OUT_CODES } from '@juqi/contract';
import { ConfigProvider, message, Modal } from 'antd';
import { AntdConfig } from './antd-config';
import { ApiError, type TransportError } from './api-errors';
import { TOAST_DURATION_MS } from './constants';
import { currentMessages, defineMessages } from './i18n';
import { reloadPage } from './page-load';
import { removeToken } from './token';

const texts = defineMessages({
  'zh-CN': {
    transport: '错误代码：500。开发人员正在调试新功能，如不影响使用请忽略；如影响使用，请通过即时通讯联系管理员。',
  },
  'en-US': {
    transport:
      'Error code: 500. The developers are debugging a new feature; ignore this if you can keep working, otherwise contact the administrator through your messaging app.',
  },
});

// These texts are given in English by the spec (§8) and shown as given in both languages.
const LOGGED_OUT = {
  title: 'Confirm logout',
  content: 'You have been logged out, you can cancel to stay on this page, or log in again',
  okText: 'Re-Login',
  cancelText: 'Cancel',
};

// Toasts and dialogs are raised outside any React tree (from the API client); this gives them the current theme and locale.
ConfigProvider.config({ holderRender: (children) => <AntdConfig>{children}</AntdConfig> });

let loggedOutDialogOpen = false;

function showLoggedOutDialog(): void {
  // However many calls fail at once, one dialog is enough.
  if (loggedOutDialogOpen) return;
  loggedOutDialogOpen = true;
  Modal.confirm({
    ...LOGGED_OUT,
    onOk: () => {
      removeToken();
      reloadPage();
    },
    afterClose: () => {
      loggedOutDialogOpen = false;
    },
  });
}

/** Shows an error toast for a message, for 5 s; the same text twice updates one toast instead of stacking. */
export function showError(text: string): void {
  void message.error({ content: text, key: text, duration: TOAST_DURATION_MS / 1000 });
}

/** The §8 notice for a failed call. */
export function showFailure(error: ApiError | TransportError): void {
  if (!(error instanceof ApiError)) {
    showError(currentMessages(texts).transport);
    return;
  }
  showError(error.message || 'Error');
  if (LOGGED_OUT_CODES.includes(error.code)) showLoggedOutDialog();
}
