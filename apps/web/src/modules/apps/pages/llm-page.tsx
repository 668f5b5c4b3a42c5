import { ExperimentOutlined } from '@ant-design/icons';
import { appsCalls, LLM_TEST_PROMPT, llmProvider } from '@juqi/contract';
import { Alert, Button, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import type { RowMenuItem } from '../../../components/resource';
import { ResourcePage, type ResourcePageOptions } from '../../../components/resource/resource-page';
import { useCallMutation } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import type { ResourceRow } from '../../../lib/resource';
import { appsMessages } from '../messages';
import '../apps.css';

/** A row's label in the UI's language (the menu is built outside any component). */
function TestLabel() {
  return <>{useMessages(appsMessages).test}</>;
}

/** 测试: a question to the provider's model with the kept key; its answer, the tokens it counted and the time taken. */
function TestModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useMessages(appsMessages);
  const [prompt, setPrompt] = useState(LLM_TEST_PROMPT);
  const test = useCallMutation(appsCalls.llmTest, []);
  const answer = test.data;
  return (
    <Modal
      open
      title={format(t.testTitle, { name: String(row.name) })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t.close}
        </Button>
      }
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <label htmlFor="llm-test-prompt">{t.prompt}</label>
        <Input.TextArea id="llm-test-prompt" value={prompt} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(event) => setPrompt(event.target.value)} />
        <Flex justify="end">
          <Button type="primary" loading={test.isPending} disabled={!prompt.trim()} onClick={() => test.mutate({ id: row.id, prompt: prompt.trim() })}>
            {t.ask}
          </Button>
        </Flex>
        {test.isPending ? (
          <Spin tip={t.asking}>
            <div className="apps-test__waiting" />
          </Spin>
        ) : (
          answer && (
            <Alert
              type={answer.ok ? 'success' : 'error'}
              showIcon
              title={answer.ok ? t.answered : t.failed}
              description={
                <>
                  <Typography.Paragraph className="apps-test__answer">{answer.message}</Typography.Paragraph>
                  {answer.ok && (
                    <Typography.Paragraph type="secondary">
                      {answer.total_tokens === null
                        ? t.noUsage
                        : format(t.usage, { model: answer.model ?? '—', prompt: answer.prompt_tokens ?? 0, completion: answer.completion_tokens ?? 0, total: answer.total_tokens })}
                    </Typography.Paragraph>
                  )}
                  <Typography.Text type="secondary">{format(t.latency, { ms: answer.latency_ms })}</Typography.Text>
                </>
              }
            />
          )
        )}
      </Flex>
    </Modal>
  );
}

const TEST_ICON = <ExperimentOutlined aria-hidden />;
const OPTIONS: ResourcePageOptions = {
  rowMenu: (row) => [{ key: 'test', label: <TestLabel />, icon: TEST_ICON, operation: 'apps.llm.edit', open: (close) => <TestModal row={row} onClose={close} /> }] satisfies RowMenuItem[],
};

/** 大模型设置: the declared providers, their keys kept sealed, with 测试 in each row's 更多. */
export function LlmPage() {
  return <ResourcePage resource={llmProvider} options={OPTIONS} />;
}
