FORMAT = 'it-wiki-runon'
def detect(source): return False
def parse(source): raise NotImplementedError
