import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * The holes the browser test of hostile text found (tests/e2e/hostile-text.e2e.test.ts), held at
 * the API: the HTML the server renders for what ordinary users write (a discussion, a group's
 * description) leaves costly maths as source and other hosts' images as links, and names that
 * could pass for someone else's are refused.
 */

/** 127 characters KaTeX would expand to 18,000 atoms: seconds of the server's CPU, 5 MB of HTML. */
const MACRO_BOMB = `$$\\def\\a{${'x+'.repeat(20)}x}\\def\\b{${'\\a'.repeat(10)}}\\def\\c{${'\\b'.repeat(10)}}${'\\c'.repeat(9)}$$`;
const REMOTE_IMAGE = '![pixel](https://evil.example/p.png)';

describe.each(DATABASES)('hostile text through the API on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0, demo: false });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    await root.api.adminUpdateSwitches({
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateGroupACInitValue: 0,
    });
    user = await userClient(server, 'writer');
  });
  afterAll(() => server?.destroy());

  it('renders a post with a macro bomb as its TeX source, and an image elsewhere as a link', async () => {
    const categories = await user.api.getDiscussionCategories();
    const post = await user.api.addDiscussion({
      title: 'bomb',
      description: 'bomb',
      content: `Before $a+b$.\n\n${MACRO_BOMB}\n\n${REMOTE_IMAGE}`,
      categoryId: categories[0]?.id ?? 1,
    });
    const detail = await user.api.getDiscussionDetail(post.id);
    const html = detail.contentHtml ?? '';
    expect(html).toContain('class="katex"');
    expect(html).toContain('<code>\\def\\a{x+x+');
    expect(html.length).toBeLessThan(5000);
    expect(html).toContain('<a href="https://evil.example/p.png">pixel</a>');
    expect(html).not.toContain('<img');
  });

  it("renders a user's group description within the budget too", async () => {
    const group = await user.api.addGroup({
      name: 'Bomb group',
      shortName: 'bombs',
      brief: 'maths',
      description: `${MACRO_BOMB}\n\n$\\rule{100000em}{100000em}$`,
      auth: 1,
      visible: true,
    });
    const html = (await user.api.getGroupDetail(group.id)).descriptionHtml ?? '';
    expect(html).toContain('<code>\\def\\a{');
    expect(html).toContain('border-right-width:20em');
    expect(html.length).toBeLessThan(5000);
  });

  it('refuses a username or a nickname with direction controls, and keeps right-to-left names', async () => {
    const spoof = '\u202Etoor';
    const imported = await failure(root.api.adminInsertBatchUsers({ users: [[spoof, 'secret123']] }));
    expect(imported.message).toContain('direction of text');
    const renamed = await failure(user.api.changeUserInfo({ nickname: `admin\u2066` }));
    expect(renamed.message).toContain('direction of text');
    // a name in Arabic letters reads right to left without any control character
    await root.api.adminInsertBatchUsers({ users: [['سمير', 'secret123']] });
    const me = (await user.api.changeUserInfo({ nickname: 'שרה', realname: 'سمير' })).data;
    expect(me).toMatchObject({ nickname: 'שרה', realname: 'سمير' });
  });
});
