/** ProLayout's menu request is not revalidated on mount; every other SWR fetch is. */
import { render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { menuFromRoutes } from '@/utils/layoutMenu';

function Fetched({ swrKey, fetcher }: { swrKey: unknown[]; fetcher: () => Promise<string> }) {
  const { data, isLoading } = useSWR(swrKey, fetcher);
  return <p>{isLoading ? '加载中' : (data ?? '无')}</p>;
}

function renderWithMiddleware(swrKey: unknown[], fetcher: () => Promise<string>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), use: [menuFromRoutes] }}>
      <Fetched swrKey={swrKey} fetcher={fetcher} />
    </SWRConfig>,
  );
}

describe('the layout menu comes from the routes', () => {
  it("does not ask for ProLayout's menu on mount, nor show it loading", () => {
    const fetcher = vi.fn(async () => '菜单');
    renderWithMiddleware(['pro-layout-1', undefined], fetcher);
    expect(screen.getByText('无')).toBeInTheDocument();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('leaves the other SWR fetches (ProComponents selects) as they are', async () => {
    const fetcher = vi.fn(async () => '选项');
    renderWithMiddleware(['pro-field-1', { type: 'unit' }], fetcher);
    expect(await screen.findByText('选项')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
