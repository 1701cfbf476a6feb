-- pandoc filter for runtime-console(1) (tools/build-man.py): a man page has no pictures and
-- no other pages to link to, so links between the manual's pages keep only their text and
-- images (docs/*.png) are left out; links to the web keep their address. Tables become
-- definition lists (a row's first cell the term, each other cell a paragraph named by its
-- column), which a terminal of any width shows without tbl's "table wider than line width";
-- section titles are upper case, as man pages write them.

function Link(el)
  if el.target:match('^%a[%w+.-]*:') then
    return el
  end
  return el.content
end

function Image(el)
  return {}
end

function Para(el)
  if #el.content == 0 then
    return {}
  end
end

function Header(el)
  if el.level == 1 then
    return pandoc.walk_block(el, {
      Str = function(s) return pandoc.Str(pandoc.text.upper(s.text)) end,
      Code = function(c) return pandoc.Str(pandoc.text.upper(c.text)) end,
    })
  end
end

local function inlines_of(blocks)
  return pandoc.utils.blocks_to_inlines(blocks)
end

function Table(el)
  local simple = pandoc.utils.to_simple_table(el)
  local items = {}
  for _, row in ipairs(simple.rows) do
    local term = inlines_of(row[1])
    local defs = {}
    for j = 2, #row do
      local head = simple.headers[j] and inlines_of(simple.headers[j]) or {}
      local para = {}
      if #head > 0 then
        for _, i in ipairs(head) do table.insert(para, i) end
        table.insert(para, pandoc.Str(':'))
        table.insert(para, pandoc.Space())
      end
      for _, i in ipairs(inlines_of(row[j])) do table.insert(para, i) end
      table.insert(defs, pandoc.Para(para))
    end
    table.insert(items, { term, { defs } })
  end
  return pandoc.DefinitionList(items)
end
