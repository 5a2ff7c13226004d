import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../store/index.ts';
import { readShareSnapshot } from './share-snapshot.ts';
import { takeShareSnapshot } from './take-share-snapshot.ts';

let storage: Storage;

afterEach(async () => {
  await storage.close();
});

const widget = { id: 'w1', height: 120, css: '', html: '<h2>Dice</h2>', js: '', complete: true };

describe('takeShareSnapshot', () => {
  it('copies the chat as it is now, and reads it back under the chat’s id', async () => {
    storage = await openStorage({ location: { dialect: 'sqlite', path: ':memory:' } });
    const { store } = storage;
    const thread = await store.createThread({ id: 'chat', title: 'Dice' });
    await store.appendMessage({ id: 'u1', threadId: 'chat', role: 'user', content: 'Roll' });
    await store.appendMessage({ id: 'a1', threadId: 'chat', role: 'assistant', content: 'Here.', widget });
    const snapshot = await takeShareSnapshot({ store, thread, widgetId: undefined });
    await store.appendMessage({ id: 'u2', threadId: 'chat', role: 'user', content: 'Later' });
    expect(snapshot?.title).toBe('Dice');
    const messages = readShareSnapshot({ snapshotJson: snapshot!.snapshotJson, threadId: 'chat' });
    expect(messages.map((message) => [message.id, message.threadId, message.content])).toEqual([
      ['u1', 'chat', 'Roll'],
      ['a1', 'chat', 'Here.'],
    ]);
    expect(messages[1]?.widget).toEqual(widget);
  });

  it('copies one finished widget alone under its title, and nothing for one not finished or not there', async () => {
    storage = await openStorage({ location: { dialect: 'sqlite', path: ':memory:' } });
    const { store } = storage;
    const thread = await store.createThread({ id: 'chat', title: 'Dice' });
    await store.appendMessage({ id: 'a1', threadId: 'chat', role: 'assistant', content: 'Here.', widget });
    await store.appendMessage({
      id: 'a2',
      threadId: 'chat',
      role: 'assistant',
      content: '',
      widget: { ...widget, id: 'w2', complete: false },
    });
    const snapshot = await takeShareSnapshot({ store, thread, widgetId: 'w1' });
    expect(snapshot?.title).toBe('Dice');
    expect(readShareSnapshot({ snapshotJson: snapshot!.snapshotJson, threadId: 'chat' })).toEqual([
      { id: 'w1', threadId: 'chat', role: 'assistant', content: '', createdAt: '', widget },
    ]);
    expect(await takeShareSnapshot({ store, thread, widgetId: 'w2' })).toBeUndefined();
    expect(await takeShareSnapshot({ store, thread, widgetId: 'nope' })).toBeUndefined();
  });
});
