import { afterEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import type { context } from '@actions/github'
import type { Logger } from '../../src/core/logger.js'
import {
  MAX_COMMENT_PAGES,
  defaultCommentKey,
  pullRequestTarget,
  upsertStickyComment
} from '../../src/action/pr-comment.js'
import type { EventContext } from '../../src/action/pr-comment.js'
import {
  COMMENT_MARKER_PREFIX,
  GITHUB_COMMENT_LIMIT,
  buildCommentBody,
  commentMarker
} from '../../src/report/comment.js'
import { ACTIONS_BOT, FakeGitHubApi } from '../support/fake-github-api.js'
import { instantRetry } from '../support/instant-retry.js'
import type { FakeGitHubApiOptions, GitHubUser } from '../support/fake-github-api.js'

// The real @actions/github context must fit what pullRequestTarget reads.
const _acceptsRealContext: EventContext = {} as typeof context
void _acceptsRealContext

class RecordingLogger implements Logger {
  readonly warnings: string[] = []
  readonly infos: string[] = []
  info(message: string): void {
    this.infos.push(message)
  }
  warning(message: string): void {
    this.warnings.push(message)
  }
  debug(): void {}
  group<T>(_name: string, fn: () => Promise<T>): Promise<T> {
    return fn()
  }
  progress(): void {}
}

const OWNER = 'octo-org'
const REPO = 'demo'
const PR = 7

describe('upsertStickyComment over HTTP', () => {
  let fake: FakeGitHubApi | undefined

  afterEach(async () => {
    await fake?.stop()
    fake = undefined
  })

  async function setUp(options: FakeGitHubApiOptions = {}, token = 'fake-token') {
    fake = new FakeGitHubApi(options)
    const { url } = await fake.start()
    const octokit = getOctokit(token, { baseUrl: url })
    const logger = new RecordingLogger()
    const { retry, sleeps } = instantRetry()
    const upsert = (body: string, key?: string) =>
      upsertStickyComment({
        octokit,
        owner: OWNER,
        repo: REPO,
        issueNumber: PR,
        body,
        key,
        logger,
        retry
      })
    return { fake, octokit, logger, upsert, sleeps }
  }

  /** The REST writes (a GraphQL query is a read). */
  const writes = (api: FakeGitHubApi) =>
    api.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql')
  const commentLists = (api: FakeGitHubApi) =>
    api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/comments'))

  it('creates the comment on the first run, with the marker and the token', async () => {
    const { fake, upsert } = await setUp()
    const outcome = await upsert(buildCommentBody('## celgate\n\n2 errors', {}))

    expect(outcome.action).toBe('created')
    const [post, ...more] = writes(fake)
    expect(more).toHaveLength(0)
    expect(post?.method).toBe('POST')
    expect(post?.path).toBe(`/repos/${OWNER}/${REPO}/issues/${PR}/comments`)
    expect((post?.body as { body: string }).body).toContain(commentMarker())
    expect((post?.body as { body: string }).body).toContain('2 errors')
    expect(fake.requests.every((r) => r.headers.authorization === 'token fake-token')).toBe(true)

    const [stored] = fake.commentsOn(PR)
    expect(outcome.commentId).toBe(stored?.id)
    expect(outcome.url).toBe(stored?.html_url)
  })

  it('appends the marker when the body lacks it', async () => {
    const { fake, upsert } = await setUp()
    await upsert('plain markdown', 'lint')
    expect(fake.commentsOn(PR)[0]?.body).toBe(`plain markdown\n\n${commentMarker('lint')}`)
  })

  it('updates in place on the next run and does nothing when the body is the same', async () => {
    const { fake, upsert } = await setUp()
    const first = await upsert(buildCommentBody('2 errors', {}))
    const second = await upsert(buildCommentBody('1 error', {}))

    expect(second).toMatchObject({ action: 'updated', commentId: first.commentId })
    const patch = writes(fake)[1]
    expect(patch?.method).toBe('PATCH')
    expect(patch?.path).toBe(`/repos/${OWNER}/${REPO}/issues/comments/${first.commentId}`)
    expect(writes(fake).filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(fake.commentsOn(PR)).toHaveLength(1)
    expect(fake.commentsOn(PR)[0]?.body).toContain('1 error')

    const third = await upsert(buildCommentBody('1 error', {}))
    expect(third).toMatchObject({ action: 'unchanged', commentId: first.commentId })
    expect(writes(fake)).toHaveLength(2)
  })

  it('pages through every comment to find ours on page 2', async () => {
    const others = Array.from({ length: 150 }, (_, i) => ({ issueNumber: PR, body: `chat ${i}` }))
    const ours = { issueNumber: PR, body: `old\n\n${commentMarker()}`, user: ACTIONS_BOT }
    const { fake, upsert } = await setUp({
      comments: [...others.slice(0, 120), ours, ...others.slice(120)]
    })
    const oursId = fake.commentsOn(PR)[120]!.id

    const outcome = await upsert(buildCommentBody('new', {}))

    expect(outcome).toMatchObject({ action: 'updated', commentId: oursId })
    expect(commentLists(fake).map((r) => r.query)).toEqual([
      { per_page: '100', page: '1' },
      { per_page: '100', page: '2' }
    ])
    expect(writes(fake).map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /repos/${OWNER}/${REPO}/issues/comments/${oursId}`
    ])
  })

  it('never edits a person who quotes the marker', async () => {
    const quoted = `Why does the bot write ${commentMarker()}?`
    const { fake, upsert } = await setUp({ comments: [{ issueNumber: PR, body: quoted }] })

    const outcome = await upsert(buildCommentBody('report', {}))

    expect(outcome.action).toBe('created')
    expect(fake.commentsOn(PR).map((c) => c.body)).toEqual([quoted, buildCommentBody('report', {})])
  })

  it('updates the newest when several of ours exist', async () => {
    const body = `old\n\n${commentMarker()}`
    const { fake, upsert } = await setUp({
      comments: [
        { issueNumber: PR, body, user: ACTIONS_BOT },
        { issueNumber: PR, body, user: ACTIONS_BOT }
      ]
    })
    const newest = fake.commentsOn(PR)[1]!

    const outcome = await upsert('new')

    expect(outcome).toMatchObject({ action: 'updated', commentId: newest.id })
    expect(fake.commentsOn(PR)[0]?.body).toBe(body)
  })

  it('keeps comments with different keys apart', async () => {
    const { fake, upsert } = await setUp()
    const a = await upsert(buildCommentBody('crds', { key: 'crds' }), 'crds')
    const b = await upsert(buildCommentBody('policies', { key: 'policies' }), 'policies')
    const a2 = await upsert(buildCommentBody('crds v2', { key: 'crds' }), 'crds')

    expect([a.action, b.action, a2.action]).toEqual(['created', 'created', 'updated'])
    expect(a2.commentId).toBe(a.commentId)
    expect(fake.commentsOn(PR).map((c) => c.body.split('\n')[0])).toEqual(['crds v2', 'policies'])
  })

  it('skips with a warning naming the permission when the token is read-only', async () => {
    const { fake, logger, upsert } = await setUp({ forbid: 'writes' })

    const outcome = await upsert(buildCommentBody('report', {}))

    expect(outcome.action).toBe('skipped')
    expect(outcome.reason).toContain('pull-requests: write')
    expect(logger.warnings).toHaveLength(1)
    expect(logger.warnings[0]).toContain('403')
    expect(logger.warnings[0]).toContain('pull-requests: write')
    expect(writes(fake).map((r) => r.method)).toEqual(['POST'])
    expect(fake.comments).toHaveLength(0)
  })

  it('skips when even reading is forbidden, and on a 403 to the update', async () => {
    const { fake, logger, upsert } = await setUp({ forbid: 'all' })
    expect((await upsert('report')).action).toBe('skipped')

    fake.forbid = undefined
    await upsert('report')
    fake.forbid = 'writes'
    expect((await upsert('report v2')).action).toBe('skipped')
    expect(logger.warnings).toHaveLength(2)
    expect(logger.warnings[1]).toContain('update')
  })

  it('skips with a warning on 404 and on a network failure, never throwing', async () => {
    const { fake: api, logger, octokit } = await setUp()
    const args = { owner: OWNER, repo: REPO, issueNumber: PR, body: 'x', logger }
    // A base URL the fake does not serve answers 404, as GitHub does for a repository the
    // token cannot see.
    const lost = getOctokit('fake-token', { baseUrl: `${api.url}/nowhere` })
    const outcome = await upsertStickyComment({ ...args, octokit: lost })
    expect(outcome.action).toBe('skipped')
    expect(logger.warnings[0]).toContain('404')

    await api.stop()
    fake = undefined
    const offline = await upsertStickyComment({ ...args, octokit })
    expect(offline.action).toBe('skipped')
    expect(logger.warnings[1]).toMatch(/^Could not tell which account the token belongs to/)
  })

  const PAT_USER: GitHubUser = { login: 'celgate-ci', type: 'User' }
  const patIdentities = { 'pat-token': { user: PAT_USER, kind: 'user' as const } }

  it('with a personal access token, finds its user by GET /user and updates in place', async () => {
    const { fake, upsert } = await setUp({ identities: patIdentities }, 'pat-token')
    const first = await upsert(buildCommentBody('2 errors', {}))
    const second = await upsert(buildCommentBody('1 error', {}))

    expect([first.action, second.action]).toEqual(['created', 'updated'])
    expect(second.commentId).toBe(first.commentId)
    expect(fake.commentsOn(PR)).toHaveLength(1)
    expect(fake.commentsOn(PR)[0]).toMatchObject({ user: PAT_USER })
    expect(fake.commentsOn(PR)[0]!.body).toContain('1 error')
    expect(fake.requests.filter((r) => r.path === '/user')).toHaveLength(2)
    expect(fake.requests.filter((r) => r.path === '/graphql')).toHaveLength(0)
  })

  it('with GITHUB_TOKEN (GET /user refused), finds its bot by GraphQL and updates in place', async () => {
    const { fake, upsert } = await setUp()
    const first = await upsert(buildCommentBody('2 errors', {}))
    const second = await upsert(buildCommentBody('1 error', {}))

    expect([first.action, second.action]).toEqual(['created', 'updated'])
    expect(second.commentId).toBe(first.commentId)
    expect(fake.commentsOn(PR)).toHaveLength(1)
    expect(fake.commentsOn(PR)[0]).toMatchObject({ user: ACTIONS_BOT })
    expect(fake.requests.filter((r) => r.path === '/graphql')).toHaveLength(2)
  })

  it.each([
    ['GITHUB_TOKEN', 'fake-token'],
    ['a personal access token', 'pat-token']
  ])('with %s, never edits another app’s comment that carries the marker', async (_, token) => {
    const renovate: GitHubUser = { login: 'renovate[bot]', type: 'Bot' }
    const foreign = `Look: ${commentMarker()}`
    const { fake, upsert } = await setUp(
      {
        identities: patIdentities,
        comments: [
          { issueNumber: PR, body: foreign, user: renovate },
          { issueNumber: PR, body: `copied\n\n${commentMarker()}`, user: renovate }
        ]
      },
      token
    )

    const first = await upsert(buildCommentBody('report', {}))
    const second = await upsert(buildCommentBody('report v2', {}))

    expect([first.action, second.action]).toEqual(['created', 'updated'])
    expect(fake.commentsOn(PR).map((c) => [c.user.login, c.body])).toEqual([
      ['renovate[bot]', foreign],
      ['renovate[bot]', `copied\n\n${commentMarker()}`],
      [token === 'pat-token' ? 'celgate-ci' : 'github-actions[bot]', buildCommentBody('report v2')]
    ])
    const renovateIds = new Set(
      fake
        .commentsOn(PR)
        .slice(0, 2)
        .map((c) => `/${c.id}`)
    )
    expect(writes(fake).some((r) => [...renovateIds].some((id) => r.path.endsWith(id)))).toBe(false)
  })

  it('does not take the comment another token wrote for its own', async () => {
    const { fake, upsert } = await setUp({ identities: patIdentities })
    await upsert(buildCommentBody('from GITHUB_TOKEN', {}))
    const pat = getOctokit('pat-token', { baseUrl: fake.url })
    const outcome = await upsertStickyComment({
      octokit: pat,
      owner: OWNER,
      repo: REPO,
      issueNumber: PR,
      body: buildCommentBody('from the PAT', {}),
      logger: new RecordingLogger()
    })
    expect(outcome.action).toBe('created')
    expect(fake.commentsOn(PR).map((c) => c.user.login)).toEqual([
      'github-actions[bot]',
      'celgate-ci'
    ])
  })

  it('retries a rate-limited write after retry-after, and gives up past the budget', async () => {
    const { fake, upsert, sleeps, logger } = await setUp({
      faults: [
        {
          method: 'POST',
          path: /\/comments$/,
          times: 1,
          status: 429,
          headers: { 'retry-after': '7' }
        }
      ]
    })
    expect((await upsert(buildCommentBody('report', {}))).action).toBe('created')
    expect(sleeps).toEqual([7_000])
    expect(fake.commentsOn(PR)).toHaveLength(1)

    fake.faults = [
      { method: 'PATCH', path: /comments/, status: 429, headers: { 'retry-after': '3600' } }
    ]
    const outcome = await upsert(buildCommentBody('report v2', {}))
    expect(outcome.action).toBe('skipped')
    expect(sleeps).toEqual([7_000])
    expect(logger.warnings).toEqual([expect.stringContaining('GitHub answered 429')])
    expect(logger.warnings[0]).not.toContain('pull-requests: write')
  })

  it('reads at most MAX_COMMENT_PAGES pages of comments', async () => {
    const chat = Array.from({ length: MAX_COMMENT_PAGES * 100 + 20 }, (_, i) => ({
      issueNumber: PR,
      body: `chat ${i}`
    }))
    const { fake, upsert, logger } = await setUp({ comments: chat })
    const outcome = await upsert(buildCommentBody('report', {}))
    expect(outcome.action).toBe('created')
    expect(commentLists(fake)).toHaveLength(MAX_COMMENT_PAGES)
    expect(logger.warnings[0]).toContain(`has ${MAX_COMMENT_PAGES * 100} comments or more`)
  })
})

describe('defaultCommentKey', () => {
  it('is the workflow and the job, so two jobs keep two comments', () => {
    const lint = defaultCommentKey({ GITHUB_WORKFLOW: 'CI', GITHUB_JOB: 'crds' })
    const policies = defaultCommentKey({ GITHUB_WORKFLOW: 'CI', GITHUB_JOB: 'policies' })
    expect(lint).toBe('CI/crds')
    expect(commentMarker(lint)).not.toBe(commentMarker(policies))
    expect(defaultCommentKey({})).toBe('default')
  })

  it('hashes long names and keeps hostile ones inside the marker', () => {
    const long = defaultCommentKey({ GITHUB_WORKFLOW: 'w'.repeat(300), GITHUB_JOB: 'j' })
    expect(long).toMatch(/^sha256-[0-9a-f]{32}$/)
    const hostile = commentMarker(
      defaultCommentKey({ GITHUB_WORKFLOW: 'x -->\n<b>', GITHUB_JOB: 'j' })
    )
    expect(hostile).toMatch(/^<!-- celgate:sticky-comment key=[^\s<>]+ -->$/)
  })
})

describe('buildCommentBody', () => {
  it('appends the hidden marker', () => {
    const body = buildCommentBody('## celgate\n\nall good\n', {})
    expect(body).toBe(`## celgate\n\nall good\n\n${commentMarker()}`)
    expect(commentMarker()).toBe('<!-- celgate:sticky-comment key=default -->')
    expect(commentMarker('jobs/crds')).toMatch(
      new RegExp(`^${COMMENT_MARKER_PREFIX} key=\\S+ -->$`)
    )
  })

  it('cannot let a key end the HTML comment or collide with a longer key', () => {
    expect(commentMarker('a --> b')).not.toContain('a -->')
    expect(commentMarker('ab')).not.toContain(commentMarker('a'))
  })

  it('cuts a long report at a line boundary, under the limit, with a note', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `| rule-${i} | error | spec.x.y |`)
    const markdown = [
      '## celgate',
      '',
      '| rule | severity | path |',
      '| - | - | - |',
      ...lines
    ].join('\n')
    const body = buildCommentBody(markdown, { detailsUrl: 'https://github.com/o/r/actions/runs/1' })

    expect(body.length).toBeLessThanOrEqual(65_000)
    expect(body.length).toBeGreaterThan(64_000)
    expect(body).toContain(
      '… truncated; see the [job summary](https://github.com/o/r/actions/runs/1)'
    )
    expect(body.endsWith(commentMarker())).toBe(true)
    const beforeNote = body.slice(0, body.indexOf('\n\n**… truncated'))
    expect(beforeNote.split('\n').at(-1)).toMatch(/^\| rule-\d+ \| error \| spec\.x\.y \|$/)
  })

  it('never exceeds GitHub’s limit, whatever maxChars says', () => {
    const body = buildCommentBody('x'.repeat(80) + '\n'.repeat(1) + 'y\n'.repeat(40_000), {
      maxChars: 100_000
    })
    expect(body.length).toBeLessThan(GITHUB_COMMENT_LIMIT)
    expect(body).toContain('… truncated; see the job summary')
  })

  it('closes an open <details> and code fence it cuts into', () => {
    const details = [
      '<details>',
      '<summary>42 findings</summary>',
      '',
      '```yaml',
      ...Array.from({ length: 3000 }, (_, i) => `key${i}: value`),
      '```',
      '',
      '</details>',
      '',
      'footer'
    ].join('\n')
    const body = buildCommentBody(details, { maxChars: 10_000 })

    expect(body.length).toBeLessThanOrEqual(10_000)
    expect(body).toMatch(/key\d+: value\n```\n\n<\/details>\n\n\*\*… truncated/)
    expect(body).not.toContain('footer')
  })

  it('ends a markdown table before closing <details>, so the tag is no table row', () => {
    const rows = Array.from({ length: 100 }, (_, i) => `| r${i} | x |`)
    const markdown = ['<details><summary>Findings</summary>', '', '| a | b |', '|---|---|', ...rows]
    const body = buildCommentBody([...markdown, '</details>'].join('\n'), { maxChars: 500 })

    expect(body.length).toBeLessThanOrEqual(500)
    expect(body).toMatch(/\| r\d+ \| x \|\n\n<\/details>\n\n\*\*… truncated/)
  })

  it('does not cut inside a tag that spans lines', () => {
    const markdown = [
      'intro',
      '<table>',
      ...Array.from({ length: 200 }, (_, i) => `<tr><td\n  title="cell ${i}">value ${i}</td></tr>`)
    ].join('\n')
    const body = buildCommentBody(markdown, { maxChars: 2_000 })

    expect(body.length).toBeLessThanOrEqual(2_000)
    expect(body).toMatch(/value \d+<\/td><\/tr>\n\n<\/table>\n\n\*\*… truncated/)
  })

  it('cuts a single overlong line without splitting a tag', () => {
    const body = buildCommentBody('<b>x</b> '.repeat(2_000), { maxChars: 1_000 })
    expect(body.length).toBeLessThanOrEqual(1_000)
    const cut = body.split('\n')[0]!
    expect(cut.length).toBeGreaterThan(800)
    expect(cut).not.toMatch(/<[^>]*$/)
  })
})

describe('pullRequestTarget', () => {
  const event = (overrides: Partial<EventContext> & { headRepo?: string | null } = {}) => {
    const { headRepo = 'octo-org/demo', ...rest } = overrides
    return {
      eventName: 'pull_request',
      actor: 'octocat',
      repo: { owner: 'octo-org', repo: 'demo' },
      payload: {
        pull_request: {
          number: 12,
          head: { sha: 'abc123', repo: headRepo === null ? null : { full_name: headRepo } },
          base: { sha: 'def456', repo: { full_name: 'octo-org/demo' } }
        }
      },
      ...rest
    }
  }

  it('reads a same-repository pull request', () => {
    expect(pullRequestTarget(event())).toEqual({
      owner: 'octo-org',
      repo: 'demo',
      issueNumber: 12,
      headSha: 'abc123',
      baseSha: 'def456',
      isFork: false
    })
    expect(pullRequestTarget(event({ eventName: 'pull_request_target' }))?.isFork).toBe(false)
  })

  it('flags forks, deleted forks and Dependabot', () => {
    expect(pullRequestTarget(event({ headRepo: 'someone/demo' }))?.isFork).toBe(true)
    expect(pullRequestTarget(event({ headRepo: null }))?.isFork).toBe(true)
    expect(pullRequestTarget(event({ actor: 'dependabot[bot]' }))?.isFork).toBe(true)
  })

  it('returns undefined for other events', () => {
    expect(pullRequestTarget(event({ eventName: 'push' }))).toBeUndefined()
    expect(
      pullRequestTarget(event({ eventName: 'workflow_dispatch', payload: {} }))
    ).toBeUndefined()
    expect(pullRequestTarget(event({ payload: {} }))).toBeUndefined()
  })
})
