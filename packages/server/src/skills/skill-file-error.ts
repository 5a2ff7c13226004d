import { DrawbridgeError } from '@drawbridge/protocol';

/** A `SKILL.md` that cannot be used; raised at start-up so a broken skill never half-works. */
export class SkillFileError extends DrawbridgeError<'skill_file_invalid'> {
  static override readonly errorName = 'SkillFileError';
  readonly file: string;
  readonly reason: string;

  constructor({ file, reason }: { file: string; reason: string }) {
    super({ code: 'skill_file_invalid', message: `${file}: ${reason}` });
    this.file = file;
    this.reason = reason;
  }
}
