import { isAllOption, messages, reportDatesProblem, reportType } from '@openyard/contracts';
import type { ReportForm } from './ReportForm';

export type ReportFormProblems = Partial<Record<'from' | 'to' | 'machineName', string>>;

// What stops the chosen report from being asked, on the field the server would name: the report
// dates of spec 2 §5 (required, or optional and narrowing once either day is given) and the one
// machine that 3.1 and 3.4 need. The same contracts rules the server applies.
export function reportFormProblems(form: ReportForm): ReportFormProblems {
  const type = reportType(form.key);
  const problems: ReportFormProblems = {};
  if (type.dates === 'required' || (type.dates === 'optional' && (form.from || form.to))) {
    const problem = reportDatesProblem(form.from, form.to);
    if (problem) problems[problem === messages.reportChooseToDate ? 'to' : 'from'] = problem;
  }
  if (type.filters.includes('machineName') && !type.machineAll && isAllOption(form.machineName.trim()))
    problems.machineName = messages.reportChooseMachine;
  return problems;
}
