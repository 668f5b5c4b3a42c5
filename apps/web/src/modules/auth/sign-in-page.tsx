import { ErrorCode, PHONE_PATTERN } from '@juqi/contract';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-errors';
import { SMS_RESEND_SECONDS } from '../../lib/constants';
import { formatDateTime, useTimeZone, utcOffsetLabel } from '../../lib/date-time';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { redirectTarget } from '../../lib/redirect';
import { usePageTitle, useSiteDetails } from '../../lib/site-details';
import { setToken } from '../../lib/token';
import { signInMessages } from './messages';
import { sendSmsCode, signInWithPassword, signInWithSms } from './sign-in-api';
import { useCountdown } from './use-countdown';
import './sign-in-page.css';

// Plain markup and CSS, no antd: this page must load fast (at most 100 KB gzip of JS, held by e2e/tests/served-app.spec.ts).

type Texts = (typeof signInMessages)['zh-CN'];
type Mode = 'password' | 'sms';

const SMS_CODE_PATTERN = /^\d{6}$/;

/** /login: staff number and password, or phone and SMS code; back to `?redirect` once signed in. */
export function SignInPage() {
  const t = useMessages(signInMessages);
  usePageTitle(t.pageTitle);
  const site = useSiteDetails();
  const { language, setLanguage } = usePreferences();
  const [mode, setMode] = useState<Mode>('password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tabsId = useId();

  const signedIn = (token: string) => {
    setToken(token);
    navigate(redirectTarget(params.get('redirect')), { replace: true });
  };

  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${tabsId}-${value}`}
      aria-controls={`${tabsId}-${value}-panel`}
      aria-selected={mode === value}
      className="sign-in__tab"
      onClick={() => setMode(value)}
    >
      {label}
    </button>
  );

  return (
    <div className="sign-in">
      <button
        type="button"
        className="sign-in__language"
        lang={language === 'zh-CN' ? 'en-US' : 'zh-CN'}
        onClick={() => setLanguage(language === 'zh-CN' ? 'en-US' : 'zh-CN')}
      >
        {t.switchLanguage}
      </button>
      <main className="sign-in__card">
        <header className="sign-in__header">
          {site?.pc_logo ? (
            <img className="sign-in__logo" src={site.pc_logo} alt={site.website} />
          ) : (
            <h1 className="sign-in__site">{site?.website ?? '\u00a0'}</h1>
          )}
          <p className="sign-in__platform">{t.platform}</p>
        </header>
        {params.get('notice') === 'password_changed' && (
          <p className="sign-in__notice" role="status">
            {t.passwordChanged}
          </p>
        )}
        <div role="tablist" className="sign-in__tabs">
          {tab('password', t.passwordTab)}
          {tab('sms', t.smsTab)}
        </div>
        {/* Both panels stay mounted, so switching modes keeps what was typed. */}
        <section role="tabpanel" id={`${tabsId}-password-panel`} aria-labelledby={`${tabsId}-password`} hidden={mode !== 'password'}>
          <PasswordForm t={t} onSignedIn={signedIn} />
        </section>
        <section role="tabpanel" id={`${tabsId}-sms-panel`} aria-labelledby={`${tabsId}-sms`} hidden={mode !== 'sms'}>
          <SmsForm t={t} onSignedIn={signedIn} />
        </section>
      </main>
    </div>
  );
}

interface FormProps {
  t: Texts;
  onSignedIn: (token: string) => void;
}

function PasswordForm({ t, onSignedIn }: FormProps) {
  const [staffNum, setStaffNum] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ staffNum?: string; password?: string }>({});
  const submit = useSubmit(t);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      staffNum: staffNum.trim() ? undefined : t.staffNumRequired,
      password: password ? undefined : t.passwordRequired,
    };
    setErrors(found);
    if (found.staffNum || found.password) return;
    void submit.run(() => signInWithPassword(staffNum, password), onSignedIn);
  };

  return (
    <form className="sign-in__form" noValidate onSubmit={onSubmit}>
      <Field label={t.staffNum} error={errors.staffNum}>
        {(props) => (
          <input {...props} autoComplete="username" placeholder={t.staffNumPlaceholder} value={staffNum} onChange={(e) => setStaffNum(e.target.value)} />
        )}
      </Field>
      <Field label={t.password} error={errors.password}>
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="current-password"
            placeholder={t.passwordPlaceholder}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <SubmitRow t={t} busy={submit.busy} error={submit.error} />
    </form>
  );
}

function SmsForm({ t, onSignedIn }: FormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const codeInput = useRef<HTMLInputElement>(null);
  const submit = useSubmit(t);

  const phoneError = () => {
    if (!phone.trim()) return t.phoneRequired;
    return PHONE_PATTERN.test(phone.trim()) ? undefined : t.phoneInvalid;
  };

  const requestCode = async () => {
    const error = phoneError();
    setErrors({ phone: error });
    if (error) return;
    setSending(true);
    submit.clear();
    try {
      startCountdown((await sendSmsCode(phone)) || SMS_RESEND_SECONDS);
      setSent(true);
      codeInput.current?.focus();
    } catch (err) {
      // Too soon or too many: the server says when to try again; count that down instead.
      const retry = err instanceof ApiError ? Number((err.data as { retry_after?: unknown } | null)?.retry_after) : NaN;
      if (retry > 0) startCountdown(retry);
      submit.fail(err);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { phone: phoneError(), code: SMS_CODE_PATTERN.test(code) ? undefined : t.codeInvalid };
    setErrors(found);
    if (found.phone || found.code) return;
    void submit.run(() => signInWithSms(phone, code), onSignedIn);
  };

  return (
    <form className="sign-in__form" noValidate onSubmit={onSubmit}>
      <Field label={t.phone} error={errors.phone}>
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="tel"
            placeholder={t.phonePlaceholder}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </Field>
      <Field label={t.code} error={errors.code}>
        {(props) => (
          <div className="sign-in__code-row">
            <input
              {...props}
              ref={codeInput}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t.codePlaceholder}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <button type="button" className="plain-button sign-in__send" disabled={sending || secondsLeft > 0} onClick={requestCode}>
              {sending ? t.sendingCode : secondsLeft > 0 ? format(t.resendIn, { seconds: secondsLeft }) : t.sendCode}
            </button>
          </div>
        )}
      </Field>
      <p className="sign-in__note" role="status">
        {sent ? t.codeSent : ''}
      </p>
      <SubmitRow t={t} busy={submit.busy} error={submit.error} />
    </form>
  );
}

/** Runs one sign-in attempt: busy while it runs, the server's refusal kept to show under the form. */
function useSubmit(t: Texts) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const zone = useTimeZone();
  const fail = (err: unknown) => setError(describeFailure(err, t, zone));
  return {
    busy,
    error,
    fail,
    clear: () => setError(null),
    run: async (attempt: () => Promise<string>, onSignedIn: (token: string) => void) => {
      setBusy(true);
      setError(null);
      try {
        onSignedIn(await attempt());
      } catch (err) {
        fail(err);
        setBusy(false);
      }
    },
  };
}

/**
 * The catalogue message the server sent (in the UI language), plus when to try again if it said so: an unlock time in
 * the platform's zone, named, since this page lists no times that would say which.
 */
function describeFailure(err: unknown, t: Texts, zone: string): ReactNode {
  if (!(err instanceof ApiError)) return null;
  const data = (err.data ?? {}) as { unlock_at?: string; retry_after?: number };
  let detail = '';
  if (err.code === ErrorCode.LOCKED && data.unlock_at) {
    detail = format(t.lockedUntil, { time: `${formatDateTime(data.unlock_at, zone)} ${utcOffsetLabel(zone, Date.parse(data.unlock_at))}` });
  } else if (err.code === ErrorCode.TOO_MANY && data.retry_after) {
    detail = format(t.retryAfter, { seconds: data.retry_after });
  }
  return detail ? `${err.message} ${detail}` : err.message;
}

function SubmitRow({ t, busy, error }: { t: Texts; busy: boolean; error: ReactNode }) {
  return (
    <>
      <div className="sign-in__error" role="alert">
        {error}
      </div>
      <button type="submit" className="plain-button plain-button--primary sign-in__submit" disabled={busy}>
        {busy ? t.submitting : t.submit}
      </button>
    </>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its validation message tied to it for screen readers. */
function Field({ label, error, children }: { label: string; error?: string; children: (props: InputProps) => ReactNode }) {
  const id = useId();
  return (
    <div className="sign-in__field">
      <label htmlFor={id} className="sign-in__label">
        {label}
      </label>
      {children({
        id,
        className: `plain-input${error ? ' plain-input--invalid' : ''}`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <div id={`${id}-error`} className="sign-in__field-error">
          {error}
        </div>
      )}
    </div>
  );
}
