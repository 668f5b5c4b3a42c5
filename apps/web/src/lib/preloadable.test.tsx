import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Page = () => <p>the page</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }

  render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('preloadable', () => {
  it('renders a component whose chunk was preloaded in the first render, without the fallback', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const { Component: Preloaded, preload } = preloadable(load);
    await preload();
    render(<Preloaded fallback={<p>loading</p>} />);
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until the chunk is in, loading it once for every render and preload', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const { Component: Preloaded, preload } = preloadable(load);
    render(
      <>
        <Preloaded fallback={<p>loading</p>} />
        <Preloaded fallback={<p>loading</p>} />
      </>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    expect(await screen.findAllByText('the page')).toHaveLength(2);
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a chunk that fails to load to the nearest error boundary', async () => {
    // React logs the error the boundary caught.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Component: Preloaded } = preloadable(() => Promise.reject(new Error('chunk missing')));
    render(
      <Boundary>
        <Preloaded fallback={<p>loading</p>} />
      </Boundary>,
    );
    expect(await screen.findByText('failed: chunk missing')).toBeInTheDocument();
    logged.mockRestore();
  });
});
