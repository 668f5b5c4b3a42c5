import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { TOAST_CLASSES, type AnnouncementPopup, type HintState } from '@juqi/contract';
import { App, Button, Modal, Space } from 'antd';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { RichText } from '../../../components/rich-text';
import { useMessages } from '../../../lib/i18n';
import { useLiveStore } from '../live/live-store';
import { closeRules, viewDetailsAction, type CloseRules } from '../live/popup-rules';
import { informMessages } from '../messages';

const hintIcons: Record<HintState, ReactNode> = {
  info: <InfoCircleFilled className="inform-popup__icon inform-popup__icon--info" />,
  success: <CheckCircleFilled className="inform-popup__icon inform-popup__icon--success" />,
  warning: <ExclamationCircleFilled className="inform-popup__icon inform-popup__icon--warning" />,
  error: <CloseCircleFilled className="inform-popup__icon inform-popup__icon--error" />,
};

/** Toast positions antd knows; a Notification asked to show centred sits at the top right. */
const placementOf = (location: AnnouncementPopup['location']) => (location === 'center' ? 'topRight' : location);

const testAttributes = (popup: AnnouncementPopup) => ({
  'data-testid': 'inform-popup',
  'data-popup-id': String(popup.id),
  'data-popup-class': popup.class,
});

interface PopupViewProps {
  popup: AnnouncementPopup;
  rules: CloseRules;
  close: () => void;
  viewDetails: () => void;
}

/** Dialog, MessageBox and imgDialog: a modal with a mask, closable only the ways close_type allows. */
function PopupDialog({ popup, rules, close, viewDetails }: PopupViewProps) {
  const t = useMessages(informMessages);
  const footer = (
    <Space>
      <Button type="primary" onClick={viewDetails}>
        {t.viewDetails}
      </Button>
      {rules.button && <Button onClick={close}>{t.close}</Button>}
    </Space>
  );
  const title =
    popup.class === 'MessageBox' ? (
      <span className="inform-popup__title">
        {hintIcons[popup.hint_state]}
        {popup.title}
      </span>
    ) : (
      popup.title
    );
  return (
    <Modal
      open
      title={title}
      footer={footer}
      width={popup.class === 'MessageBox' ? 420 : popup.class === 'imgDialog' ? 640 : 560}
      centered={popup.location === 'center'}
      closable={rules.corner ? { 'aria-label': t.closePopup } : false}
      // Esc is the keyboard's ×: it closes exactly when the × may.
      keyboard={rules.corner}
      mask={{ closable: rules.mask }}
      onCancel={close}
      rootClassName={`inform-popup inform-popup--${popup.class}`}
      // On the wrapper around the dialog: a click on it outside the dialog is a click on the mask.
      wrapProps={testAttributes(popup)}
    >
      {popup.class === 'imgDialog' && <img className="inform-popup__img" src={popup.img} alt={popup.title} />}
      {popup.content && <RichText html={popup.content} className="inform-popup__content" />}
    </Modal>
  );
}

/**
 * Message and Notification: toasts without a mask, opened through antd's App context. antd never closes them by
 * itself (duration off): the close rules here decide, like for the dialogs.
 */
function PopupToast({ popup, rules, close, viewDetails }: PopupViewProps) {
  const t = useMessages(informMessages);
  const { message, notification } = App.useApp();

  useEffect(() => {
    const key = `inform-popup-${popup.id}`;
    const buttons = (
      <Space size={4}>
        <Button type="link" size="small" onClick={viewDetails}>
          {t.viewDetails}
        </Button>
        {rules.button && (
          <Button size="small" onClick={close}>
            {t.close}
          </Button>
        )}
      </Space>
    );
    if (popup.class === 'Notification') {
      notification.open({
        key,
        type: popup.hint_state,
        title: popup.title,
        description: popup.content ? <RichText html={popup.content} className="inform-popup__content" /> : null,
        actions: buttons,
        placement: placementOf(popup.location),
        duration: false,
        closable: rules.corner ? { onClose: close, 'aria-label': t.closePopup } : false,
        className: 'inform-popup inform-popup--Notification',
        props: testAttributes(popup),
      });
      return () => notification.destroy(key);
    }
    void message.open({
      key,
      type: popup.hint_state,
      duration: 0,
      className: 'inform-popup inform-popup--Message',
      content: (
        <span className="inform-popup__toast" {...testAttributes(popup)}>
          <span className="inform-popup__toast-title">{popup.title}</span>
          {buttons}
          {rules.corner && <Button type="text" size="small" aria-label={t.closePopup} icon={<CloseOutlined />} onClick={close} />}
        </span>
      ),
    });
    return () => message.destroy(key);
  }, [popup, rules, close, viewDetails, t, message, notification]);
  return null;
}

/** One pop-up on screen: its close rules, its auto-close timer and its view-details action (§4). */
function AnnouncementPopupView({ popup }: { popup: AnnouncementPopup }) {
  const closePopup = useLiveStore((s) => s.closePopup);
  const showDetails = useLiveStore((s) => s.showDetails);
  const rules = useMemo(() => closeRules(popup), [popup]);
  const close = useCallback(() => closePopup(popup.id), [closePopup, popup.id]);
  // View-details emits `show` (the detail drawer opens on announcement inform_id, or on the pop-up's own data), or
  // only closes the pop-up when inform_id is 0 and data is an array.
  const viewDetails = useCallback(() => {
    if (viewDetailsAction(popup) === 'close') close();
    else {
      const { inform_id, title, time, content, img, data } = popup;
      showDetails({ inform_id, title, time, content, img, data, viaPopup: true });
    }
  }, [popup, close, showDetails]);

  // voluntarily_close: it closes by itself after duration s (3 s when 0); without it, it stays until closed.
  useEffect(() => {
    if (rules.autoCloseMs === null) return;
    const timer = window.setTimeout(close, rules.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [rules.autoCloseMs, close]);

  const View = TOAST_CLASSES.includes(popup.class) ? PopupToast : PopupDialog;
  return <View popup={popup} rules={rules} close={close} viewDetails={viewDetails} />;
}

/** The pop-up announcements on screen, in the order they appeared. */
export function PopupHost() {
  const popups = useLiveStore((s) => s.popups);
  return popups.map((popup) => <AnnouncementPopupView key={popup.id} popup={popup} />);
}
