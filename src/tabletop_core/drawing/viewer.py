"""The replay viewer: one self-contained HTML file (no network, no external script or font).

The page holds each distinct board once and each distinct piece, marker and panel once (a piece
that did not change between decisions is the same text), and per decision only the list of the
parts it shows, in a JSON block; a few lines of plain JavaScript swap the layer in.
Controls: first / back / play / forward / last buttons, a slider, the arrow keys, a box to jump to a
decision, and the narration beside the board: the lines of the current step are highlighted and
scrolled into view, clicking any line jumps to the step it belongs to, and a search box narrows
the narration to the steps that mention a word (a unit, a hex, "eliminated").  ``#frame=N`` in the URL
opens at step N (the browser tests use it).  Script errors are caught and shown in the page and in
``body[data-errors]``.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from .replay import Position, highlighted
from .scene import CSS
from .svg import escape

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>__TITLE__</title>
<style>
body{margin:0;font-family:DejaVu Sans,Arial,sans-serif;background:#ece6d6;color:#222}
header{padding:6px 12px;background:#3b3428;color:#f3ead2;font-size:14px}
#controls{padding:6px 12px;display:flex;gap:6px;align-items:center;flex-wrap:wrap;background:#ddd3ba}
#controls button{font-size:14px;min-width:34px}
#slider{flex:1;min-width:200px}
#main{display:flex;align-items:flex-start}
#boardbox{flex:1;overflow:auto;max-height:calc(100vh - 90px)}
#narration{width:360px;max-height:calc(100vh - 90px);overflow:auto;font-size:12px;background:#faf7ee;border-left:1px solid #bbb}
#narration .step{padding:4px 8px;border-bottom:1px solid #e2dccb;cursor:pointer}
#narration .step.cur{background:#ffe9a8}
#narration .step b{display:block;color:#553}
#narration .step i{display:block;color:#775}
#caption{font-weight:bold}
#view{display:block;max-width:100%;height:auto}
#errors{color:#b00;font-weight:bold}
__CSS__
</style></head>
<body data-frame="0" data-errors="">
<header>__TITLE__ &mdash; __SUBTITLE__</header>
<div id="controls">
<button id="first" title="first (Home)">|&#x25C0;</button><button id="prev" title="back (Left)">&#x25C0;</button>
<button id="play" title="play / pause (Space)">play</button><button id="next" title="forward (Right)">&#x25B6;</button>
<button id="last" title="last (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" max="0" value="0">
<span>step <input id="jump" type="number" min="0" value="0" style="width:5em"> of <span id="count"></span></span>
<input id="find" type="search" placeholder="find in the narration" style="width:14em">
<span id="caption"></span><span id="errors"></span>
</div>
<div id="main">
<div id="boardbox"><svg id="view" xmlns="http://www.w3.org/2000/svg" width="__W__" height="__H__" viewBox="0 0 __W__ __H__">
<g id="board"></g><g id="dynamic"></g></svg></div>
<div id="narration"></div>
</div>
<script type="application/json" id="replay-data">__DATA__</script>
<script>
(function(){
"use strict";
function fail(msg){document.body.dataset.errors+=msg+"; ";document.getElementById("errors").textContent="script error: "+msg;}
window.addEventListener("error",function(e){fail(String(e.message));});
try{
var data=JSON.parse(document.getElementById("replay-data").textContent);
var frames=data.frames,boards=data.boards,parts=data.parts,cur=-1,shownBoard=-1,timer=null;
var boardG=document.getElementById("board"),dyn=document.getElementById("dynamic");
var slider=document.getElementById("slider"),jump=document.getElementById("jump");
var narration=document.getElementById("narration"),steps=[];
slider.max=frames.length-1;jump.max=frames.length-1;
document.getElementById("count").textContent=String(frames.length-1);
frames.forEach(function(f,i){
  var d=document.createElement("div");d.className="step";d.dataset.frame=String(i);
  var b=document.createElement("b");b.textContent="step "+i;d.appendChild(b);
  f.lines.forEach(function(line){var p=document.createElement("div");p.textContent=line;d.appendChild(p);});
  var w=document.createElement("i");w.textContent=f.title;d.appendChild(w);
  d.addEventListener("click",function(){show(i);});
  narration.appendChild(d);steps.push(d);
});
function show(i){
  i=Math.max(0,Math.min(frames.length-1,i|0));
  var f=frames[i];
  if(f.board!==shownBoard){boardG.innerHTML=boards[f.board];shownBoard=f.board;}
  dyn.innerHTML=f.parts.map(function(p){return parts[p];}).join("\\n");
  if(cur>=0){steps[cur].classList.remove("cur");}
  steps[i].classList.add("cur");steps[i].scrollIntoView({block:"nearest"});
  cur=i;slider.value=String(i);jump.value=String(i);
  document.getElementById("caption").textContent="step "+i+": "+f.title;
  document.body.dataset.frame=String(i);
}
function stop(){if(timer){clearInterval(timer);timer=null;}}
document.getElementById("first").onclick=function(){stop();show(0);};
document.getElementById("prev").onclick=function(){stop();show(cur-1);};
document.getElementById("next").onclick=function(){stop();show(cur+1);};
document.getElementById("last").onclick=function(){stop();show(frames.length-1);};
document.getElementById("play").onclick=function(){
  if(timer){stop();return;}
  timer=setInterval(function(){if(cur>=frames.length-1){stop();}else{show(cur+1);}},700);
};
slider.oninput=function(){stop();show(+slider.value);};
document.getElementById("find").oninput=function(){
  var q=this.value.toLowerCase();
  steps.forEach(function(d){d.style.display=(!q||d.textContent.toLowerCase().indexOf(q)>=0)?"":"none";});
};
jump.onchange=function(){stop();show(+jump.value);};
document.addEventListener("keydown",function(e){
  if(e.target===jump||e.target.id==="find"){return;}
  if(e.key==="ArrowRight"){show(cur+1);}else if(e.key==="ArrowLeft"){show(cur-1);}
  else if(e.key==="Home"){show(0);}else if(e.key==="End"){show(frames.length-1);}
  else if(e.key===" "){e.preventDefault();document.getElementById("play").onclick();}
});
var m=/frame=(\\d+)/.exec(location.hash);
show(m?+m[1]:0);
window.replay={show:show,count:frames.length,current:function(){return cur;}};
}catch(err){fail(String(err&&err.message||err));}
})();
</script>
</body></html>
"""


def _title(position: Position) -> str:
    """What the position waits for (each narration block reads: what happened, then who decides)."""
    if not position.deciding:
        return "the end"
    return f"now {position.deciding} decides"


def replay_html(frames: Iterable[Position], *, title: str, subtitle: str) -> str:
    """The viewer page for ``frames`` (see :func:`~tabletop_core.drawing.replay.positions`)."""
    boards: dict[str, int] = {}
    parts: dict[str, int] = {}
    out = []
    width = height = 0.0
    for position, shown in highlighted(iter(frames)):
        scene = position.scene
        board = boards.setdefault(scene.board, len(boards))
        width, height = max(width, scene.total_width), max(height, scene.total_height)
        out.append({"board": board, "parts": [parts.setdefault(p, len(parts)) for p in shown], "title": _title(position),
                    "lines": list(position.lines)})
    data = {"boards": list(boards), "parts": list(parts), "frames": out}
    return _fill(_PAGE, {"__TITLE__": escape(title), "__SUBTITLE__": escape(subtitle), "__CSS__": CSS,
                         "__W__": f"{width:.0f}", "__H__": f"{height:.0f}", "__DATA__": _json_in_script(data)})


def _json_in_script(data: Mapping[str, Any]) -> str:
    # "</" would end the script element early; JSON allows "<\/" for it.
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def _fill(page: str, values: Mapping[str, str]) -> str:
    for key, value in values.items():
        page = page.replace(key, value)
    return page
