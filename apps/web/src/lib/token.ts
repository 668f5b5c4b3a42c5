import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from './constants';

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string): void => void Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' });
export const removeToken = (): void => Cookies.remove(TOKEN_COOKIE);
