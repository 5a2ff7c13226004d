/** A `SKILL.md` that cannot be used; raised at start-up so a broken skill never half-works. */
export class SkillFileError extends Error {
  override readonly name = 'SkillFileError';
  readonly code = 'skill_file_invalid';
  readonly file: string;
  readonly reason: string;

  constructor({ file, reason }: { file: string; reason: string }) {
    super(`${file}: ${reason}`);
    this.file = file;
    this.reason = reason;
  }
}
