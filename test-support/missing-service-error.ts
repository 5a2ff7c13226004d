/** Raised when a test service's programs are not installed; the message says how to install them. */
export class MissingServiceError extends Error {
  override readonly name = 'MissingServiceError';
  readonly code = 'missing_test_service';

  constructor({ service, lookedFor }: { service: string; lookedFor: string }) {
    super(
      `${service} is needed by the test suite but ${lookedFor} was not found. ` +
        'Run `bash .ci/run` once (it installs what the tests need), or install the Debian packages yourself: ' +
        '`apt-get update && apt-get install -y postgresql redis-server`.',
    );
  }
}
