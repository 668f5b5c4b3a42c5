import { App } from 'antd';

/**
 * Runs a write and, when it succeeds, says `done` in a toast; answers whether it succeeded. A refusal says nothing
 * more: the API client has shown it already.
 */
export function useToldWrite(): (write: () => Promise<unknown>, done: string) => Promise<boolean> {
  const { message } = App.useApp();
  return async (write, done) => {
    try {
      await write();
    } catch {
      return false;
    }
    void message.success(done);
    return true;
  };
}
