import { useState } from 'react';
import { Checkbox, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { surveyMailProblem, type Container } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { FormModal } from '../../../ui/FormModal';
import { ListState } from '../../../ui/ListState';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useSendSurveyMail, useSurveysOf } from '../hooks/useSurveys';

interface SurveyMailValues {
  recipients: string;
  mailBody: string;
}

// Surveys by mail (spec 1 §2, §3 Survey mail, §5 Survey e-mails): the visits of the selected
// containers (each selected one's own visit ticked), the recipients comma-separated and the body,
// both preset from the configuration (surveyPreConfiguredEmailRecipients / …Body).
export function SurveyMailModal({ containers, onClose }: { containers: readonly Container[]; onClose: () => void }) {
  const metadata = useAtomValue(metadataState);
  const numbers = [...new Set(containers.map((container) => container.containerNumber))];
  const lists = useSurveysOf(numbers);
  const surveys = lists.flatMap((list) => list.data ?? []);
  const [chosen, setChosen] = useState<number[]>(() => containers.map((container) => container.id));
  const send = useSendSurveyMail();
  const form = useForm<SurveyMailValues>({
    initialValues: {
      recipients: metadata?.surveyPreConfiguredEmailRecipients ?? '',
      mailBody: metadata?.surveyPreConfiguredEmailBody ?? '',
    },
  });
  const submission = useFormSubmission(form);
  const loading = lists.some((list) => list.isPending);
  const failed = lists.find((list) => list.error)?.error;

  const submit = (values: SurveyMailValues) => {
    const mail = { ...values, surveyIds: chosen.filter((id) => surveys.some((survey) => survey.id === id)) };
    const problem = surveyMailProblem(mail);
    if (problem) {
      if (problem.field === 'surveyIds') submission.fail(new Error(problem.message));
      else form.setFieldError(problem.field, problem.message);
      return;
    }
    submission.start();
    send.mutate(mail, { onSuccess: onClose, onError: submission.fail });
  };
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((each) => each !== id)));

  return (
    <FormModal
      title="Survey mail"
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={send.isPending}
      error={submission.error}
      submitLabel="Send"
      testId="survey-mail"
    >
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Surveys
        </Text>
        {loading || failed || !surveys.length ? (
          <ListState
            loading={loading}
            error={failed ? errorMessageOf(failed) : null}
            count={surveys.length}
            emptyText="No surveys for these containers"
            onRetry={() => lists.forEach((list) => void list.refetch())}
            testId="survey-mail-state"
          />
        ) : (
          <Table withTableBorder verticalSpacing={4} data-testid="survey-mail-surveys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Container</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Gate-in</Table.Th>
                <Table.Th>Gate-out</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {surveys.map((survey) => (
                <Table.Tr key={survey.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Survey of ${survey.containerNumber} gated in ${formatDateTime(survey.gateInDate, metadata?.timeZone)}`}
                      checked={chosen.includes(survey.id)}
                      onChange={(event) => toggle(survey.id, event.currentTarget.checked)}
                      data-testid={`survey-mail-survey-${survey.id}`}
                    />
                  </Table.Td>
                  <Table.Td>{survey.containerNumber}</Table.Td>
                  <Table.Td>{survey.size}</Table.Td>
                  <Table.Td>{formatDateTime(survey.gateInDate, metadata?.timeZone)}</Table.Td>
                  <Table.Td>
                    {survey.gateOutDate === null
                      ? 'In the yard'
                      : formatDateTime(survey.gateOutDate, metadata?.timeZone)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <TextInput
          label="Recipients"
          description="E-mail addresses separated by commas"
          required
          data-autofocus
          data-testid="survey-mail-recipients"
          {...form.getInputProps('recipients')}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={4}
          maxRows={12}
          data-testid="survey-mail-body"
          {...form.getInputProps('mailBody')}
        />
      </Stack>
    </FormModal>
  );
}
