"""The offscreen still picture of a Dover Patrol screen, and its copy to the window each frame.

Every frame is one copy of this picture plus whatever moves. On Mesa's software renderer
(llvmpipe) that copy is a plain memory copy only when the picture is stored the way the window
stores its own: rows top first, bytes blue-green-red-alpha. Stored the usual way (rows bottom
first, red first) it goes through a shader, pixel by pixel: measured headless at 1280x800, 4-6 ms
of CPU a frame against 0.1 ms. So where the driver allows it (OpenGL 4.5 or ARB_clip_control),
the picture is drawn upside down into a BGRA texture (the viewport, the scissor box and the
clip-space y turned over together) and copied back with a flipping blit; elsewhere it is
drawn and copied the usual way. Either way the window shows the same pixels.
"""

from __future__ import annotations

from contextlib import contextmanager

from arcade.gl.backends.opengl.framebuffer import OpenGLFramebuffer
from pyglet import gl


def can_flip(ctx) -> bool:
    """Whether the context can draw upside down (glClipControl)."""
    return ctx.gl_api == "opengl" and (ctx.gl_version >= (4, 5) or "GL_ARB_clip_control" in ctx.extensions)


class UpsideDownFramebuffer(OpenGLFramebuffer):
    """A framebuffer whose rows are stored top first: the viewport and scissor boxes arcade sets
    (rows bottom first, as everywhere else) are turned over on their way to OpenGL."""

    def _turned(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        x, y, width, height = box
        return x, self.height - y - height, width, height

    def _apply(self) -> None:
        gl.glViewport(*self._turned(self._viewport))
        gl.glScissor(*self._turned(self._scissor if self._scissor is not None else self._viewport))

    @OpenGLFramebuffer.viewport.setter
    def viewport(self, value: tuple[int, int, int, int]) -> None:
        if not isinstance(value, tuple) or len(value) != 4:
            raise ValueError("viewport should be a 4-component tuple")
        self._viewport = value
        if self._ctx.active_framebuffer == self:
            self._apply()

    @OpenGLFramebuffer.scissor.setter
    def scissor(self, value) -> None:
        self._scissor = value
        if self._ctx.active_framebuffer == self:
            self._apply()

    def _use(self, *, force: bool = False) -> None:
        if self._ctx.active_framebuffer == self and not force:
            return
        super()._use(force=True)
        self._apply()


class FrameCache:
    """The still picture, ``size`` pixels: draw into it inside ``with cache.drawing():``, show it
    with ``copy_to_screen()``."""

    def __init__(self, ctx, size: tuple[int, int], flip: bool | None = None) -> None:
        self.ctx = ctx
        self.size = size
        self.flipped = can_flip(ctx) if flip is None else flip
        texture = ctx.texture(size, components=4)
        if self.flipped:
            # the same texture stored as blue-green-red-alpha, as the window stores its pixels
            gl.glActiveTexture(gl.GL_TEXTURE0 + ctx.default_texture_unit)
            gl.glBindTexture(gl.GL_TEXTURE_2D, texture.glo)
            gl.glTexImage2D(gl.GL_TEXTURE_2D, 0, gl.GL_RGBA, size[0], size[1], 0, gl.GL_BGRA,
                            gl.GL_UNSIGNED_BYTE, None)
            self.framebuffer = UpsideDownFramebuffer(ctx, color_attachments=[texture])
        else:
            self.framebuffer = ctx.framebuffer(color_attachments=[texture])

    @contextmanager
    def drawing(self):
        """Draw into the picture (upside down where it is stored so; arcade does not notice)."""
        atlas = self.ctx.default_atlas
        version = atlas.version
        with self.framebuffer.activate() as framebuffer:
            if self.flipped:
                gl.glClipControl(gl.GL_UPPER_LEFT, gl.GL_NEGATIVE_ONE_TO_ONE)
            try:
                yield framebuffer
            finally:
                if self.flipped:
                    gl.glClipControl(gl.GL_LOWER_LEFT, gl.GL_NEGATIVE_ONE_TO_ONE)
        if self.flipped and atlas.version != version:
            # the texture atlas grew meanwhile (a texture first met while drawing): it copied its
            # old content upside down too, so it is built again from its images, and what was
            # drawn with it must be drawn again
            atlas.rebuild()
            self.spoiled = True

    spoiled = False     # drawn while the atlas was turned over: the caller draws the picture again

    def copy_to_screen(self) -> None:
        """The whole picture onto the window, pixel for pixel."""
        width, height = self.size
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self.framebuffer.glo)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, 0)
        gl.glReadBuffer(gl.GL_COLOR_ATTACHMENT0)
        gl.glDrawBuffer(gl.GL_BACK)
        top, bottom = (height, 0) if self.flipped else (0, height)
        gl.glBlitFramebuffer(0, 0, width, height, 0, top, width, bottom, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        self.ctx.screen.use(force=True)   # the copy left the picture bound for reading: bind the window again
