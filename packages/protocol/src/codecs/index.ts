export {
  decodeEventStream,
  decodeSequencedEventStream,
  type SequencedRunEvent,
} from './decode-event-stream.ts';
export { type DecodedRecord, type DecodedRecords, NdjsonDecoder } from './ndjson-decoder.ts';
export { encodeNdjsonEvent, ndjsonContentType } from './ndjson-encoder.ts';
export { encodeSseEvent, sseContentType } from './sse-encoder.ts';
export {
  defaultMaxRecordLength,
  StreamDecodeError,
  type StreamDecodeErrorCode,
} from './stream-decode-error.ts';
