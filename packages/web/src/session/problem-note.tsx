/** The sign-in and account pages' one line of what went wrong, announced as it appears; nothing when all is well. */
export function ProblemNote({ problem }: { problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <p className="sign-in__problem" role="alert">
      {problem}
    </p>
  );
}
