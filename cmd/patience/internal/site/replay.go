package site

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// replayRenderer returns the renderer of page p's replay blocks: it reads
// the file of a src= block, records it among the page's dependencies and
// hands the block to the build's ReplayRenderer.
func (b *builder) replayRenderer(p *page) markup.ReplayRenderer {
	render := b.opts.Replay
	if render == nil {
		render = markup.PlainReplay
	}
	dir := path.Dir(p.ref.Path)
	p.downloads = nil
	return func(blk markup.ReplayBlock) ([]byte, error) {
		blk.Publish = func(name string, data []byte) {
			p.downloads = append(p.downloads, download{path.Join(dir, name), data})
		}
		src, ok := blk.Attrs["src"]
		if !ok {
			return b.renderReplay(render, blk)
		}
		at := srcpos.Pos{File: blk.Page, Line: blk.Line, Col: blk.Col}
		if len(strings.TrimSpace(string(blk.Body))) > 0 {
			return nil, &srcpos.Error{Pos: at, Msg: "a replay block with src= must be empty: the replay is in the file"}
		}
		name, body, err := b.readReplay(p, src)
		if err != nil {
			return nil, &srcpos.Error{Pos: at, Msg: fmt.Sprintf("replay block src=%s: %s", src, err)}
		}
		blk.File, blk.FirstLine, blk.Body = path.Join(contentName, name), 1, body
		return b.renderReplay(render, blk)
	}
}

// renderReplay renders blk with render, after refusing a figure in it: a
// replay's notes are shown as written.
func (b *builder) renderReplay(render markup.ReplayRenderer, blk markup.ReplayBlock) ([]byte, error) {
	if b.stopped() {
		return nil, b.ctx.Err()
	}
	if err := figureRefused(blk.File, blk.Body, blk.FirstLine, "a replay block"); err != nil {
		return nil, err
	}
	return render(blk)
}

// readReplay reads the replay file src, relative to the folder of page p.
// name is the file's path in the content folder when it is in it, "" if
// src leaves the content folder.
func (b *builder) readReplay(p *page, src string) (name string, body []byte, err error) {
	if src == "" {
		return "", nil, errors.New("empty file name")
	}
	if path.IsAbs(src) || filepath.IsAbs(src) {
		return "", nil, errors.New("the file must be given relative to the page's folder")
	}
	name = path.Join(path.Dir(p.rel), src)
	if name == ".." || strings.HasPrefix(name, "../") || !fs.ValidPath(name) {
		return "", nil, errors.New("the file is outside the content folder")
	}
	show := path.Join(contentName, name)
	fsys := pageFS{b.content, p} // notes the file in p.deps
	if _, err := fs.Stat(fsys, name); errors.Is(err, fs.ErrNotExist) {
		return name, nil, fmt.Errorf("no file %s", show)
	}
	if b.contentDir != "" {
		// On disk: resolve symbolic links, which must stay in the folder.
		real, err := filepath.EvalSymlinks(filepath.Join(b.contentDir, filepath.FromSlash(name)))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return name, nil, fmt.Errorf("no file %s", show)
			}
			return name, nil, unwrapPath(err)
		}
		if !within(real, b.contentReal) {
			return name, nil, fmt.Errorf("%s is a symbolic link that leaves the content folder", show)
		}
	}
	body, err = readLimited(fsys, name, pageOrReplay)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return name, nil, fmt.Errorf("no file %s", show)
	case err != nil:
		return name, nil, fmt.Errorf("reading %s: %v", show, unwrapPath(err))
	}
	return name, body, nil
}
