import type { FieldProblem } from '@openyard/contracts';

// A contracts field rule's problem as Mantine form errors (the field shows the spec's words).
export function formErrorsOf(problem: FieldProblem | null): Record<string, string> {
  return problem ? { [problem.field]: problem.message } : {};
}
